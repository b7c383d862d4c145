import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
for (const [port, locale] of [[3401,'en-US'],[3402,'en-US'],[3402,'de-DE']]) {
  const base = `http://localhost:${port}`;
  const hctx = await b.newContext({ locale: 'en-US' }); const hp = await hctx.newPage();
  await hp.goto(base + '/api/login'); await hp.waitForURL(/\/idp\/interaction\//, { timeout: 60000 });
  await hp.getByLabel('Email').fill('h' + Date.now() + '@x.test'); await hp.getByLabel('Password').fill('a good long password');
  await hp.getByRole('button', { name: 'Create account' }).click();
  await hp.waitForURL((u) => !u.pathname.startsWith('/idp') && !u.pathname.startsWith('/api/'));
  const r = await hp.request.post(base + '/api/events', { data: { name: 'X', startsAt: new Date(Date.now() - 60000).toISOString(), endsAt: new Date(Date.now() + 4 * 3600e3).toISOString(), maxShotsPerDevice: 12, revealMode: 'end', timezone: 'Europe/Berlin', filmMode: false, filmPreset: 'classic', noRetakes: false, shotCount: 24, colorMood: 'vintage' } });
  const ev = await r.json(); await hctx.close();
  const ctx = await b.newContext({ locale }); const p = await ctx.newPage();
  const files = [];
  p.on('response', async (res) => { if (res.request().resourceType() !== 'script') return; try { const body = await res.body(); files.push([new URL(res.url()).pathname, gzipSync(body).length]); } catch {} });
  await p.goto(base + `/join/${ev.code}`, { waitUntil: 'networkidle' });
  await p.waitForTimeout(500);
  console.log(`== ${port} ${locale} total ${files.reduce((s, f) => s + f[1], 0)}`);
  files.sort((a, b) => b[1] - a[1]).forEach((f) => console.log('  ', f[1], f[0]));
  await ctx.close();
}
await b.close();
