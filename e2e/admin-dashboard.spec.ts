import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  ADMIN_CONFIRM,
  SECRET_MASK,
  type AdminSettings,
  type AdminStats,
  type AuditEntryDto,
} from '@afterglow/contracts';
import { audit, buyPlanInTestMode, guestShoots, jpeg } from './browser-support';
import { E2E_ADMIN, PHONE, eventBody, isoIn, shot, signInOrUp, signUpAtIdp } from './support';

/**
 * The back office (/admin-dashboard, spec sections 2, 7 and 8): an operator's admin (the e2e server's
 * AFTERGLOW_ADMIN_EMAILS) finds, filters and acts on the hosts, events and photos this spec makes
 * through the real login, checkout and guest API, and the audit log records what was done.
 */
const PASSWORD = 'a good long password';
/** In every name and address this run makes, so searches find this run's rows only. */
const tag = `adm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const hosts = {
  ada: `${tag}-ada@e2e.test`,
  bea: `${tag}-bea@e2e.test`,
  carl: `${tag}-carl@e2e.test`,
};
const names = { now: `Now Party ${tag}`, future: `Future Gala ${tag}`, done: `Done Picnic ${tag}` };
const ids: Record<'now' | 'future' | 'done', string> = { now: '', future: '', done: '' };
let nowCode = '';

const today = new Date().toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

test.describe.configure({ mode: 'serial' });

/** A host signs up through the real login and creates one event through the API as the UI sends it. */
async function hostWithEvent(browser: Browser, email: string, body: Record<string, unknown>, plan?: 'pro') {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/dashboard')}`);
  await signUpAtIdp(page, email, PASSWORD);
  if (plan) await buyPlanInTestMode(page, plan);
  const r = await page.request.post('/api/events', { data: eventBody(body) });
  expect(r.status(), await r.text()).toBe(201);
  return { ctx, page, event: (await r.json()) as { id: string; code: string } };
}

/** A guest of their own joins and keeps one photo with `caption`. */
async function onePhoto(api: APIRequestContext, code: string, caption: string, displayName: string | null) {
  const device = await api.post(`/api/events/${code}/devices`, {
    data: { anonId: crypto.randomUUID(), displayName },
  });
  expect(device.ok()).toBe(true);
  const up = await api.post(`/api/events/${code}/photos`, {
    multipart: {
      deviceId: ((await device.json()) as { id: string }).id,
      caption,
      photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#445566') },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
}

/**
 * The admin's session, signed in once for the file and reused by each test's fresh context: the
 * whole run shares one address, and the login rate limit (30 a minute) is not what this spec tests.
 */
let adminSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

async function asAdmin(
  browser: Browser,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
) {
  const ctx = await browser.newContext({
    ...options,
    ...(adminSession ? { storageState: adminSession } : {}),
  });
  const page = await ctx.newPage();
  return { ctx, page };
}

async function openAdminDashboard(page: Page) {
  if (adminSession) await page.goto('/admin-dashboard');
  else {
    await signInOrUp(page, E2E_ADMIN, PASSWORD, '/admin-dashboard');
    adminSession = await page.context().storageState();
  }
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const rows = (panel: Locator) => panel.locator('tbody tr');

/** Types into a list's search box and waits for the server's answer to it (the box is debounced). */
async function searchFor(panel: Locator, what: 'users' | 'events' | 'photos', text: string) {
  const answered = panel
    .page()
    .waitForResponse(
      (r) => r.url().includes(`/api/admin/${what}?`) && new URL(r.url()).searchParams.get('search') === text,
    );
  await panel.getByLabel(`Search ${what}`).fill(text);
  await answered;
}

async function openTab(page: Page, name: 'Users' | 'Events' | 'Photos' | 'Overview') {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

test('hosts, events and photos to look after; a host who is not an admin is turned away', async ({
  browser,
}) => {
  // Ada (free): an event on now, with photos by a named guest and an anonymous one
  const ada = await hostWithEvent(browser, hosts.ada, { name: names.now, startsAt: isoIn(-30_000) });
  ids.now = ada.event.id;
  nowCode = ada.event.code;
  const rosa = await browser.newContext();
  await guestShoots(rosa.request, nowCode, 3, 'Rosa');
  const anon = await browser.newContext();
  await onePhoto(anon.request, nowCode, 'Nameless', null);

  // not an admin: the page and the API say no
  await ada.page.goto('/admin-dashboard');
  await expect(ada.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    ada.page.getByText("You don't have administrator privileges to access this page."),
  ).toBeVisible();
  await expect(ada.page.getByRole('tab')).toHaveCount(0);
  expect((await ada.page.request.get('/api/admin/stats')).status()).toBe(403);
  await audit(ada.page, '/admin-dashboard Access Denied');

  // Bea buys Event Pro (Premium) and plans an event in three days (Upcoming)
  const bea = await hostWithEvent(
    browser,
    hosts.bea,
    {
      name: names.future,
      startsAt: isoIn(3 * 24 * 3600_000),
      endsAt: isoIn(3 * 24 * 3600_000 + 4 * 3600_000),
    },
    'pro',
  );
  ids.future = bea.event.id;

  // Carl's event started and he ended it (Ended)
  const carl = await hostWithEvent(browser, hosts.carl, { name: names.done, startsAt: isoIn(-30_000) });
  ids.done = carl.event.id;
  expect((await carl.page.request.post(`/api/events/${ids.done}/end`)).ok()).toBe(true);

  for (const c of [ada.ctx, bea.ctx, carl.ctx, rosa, anon]) await c.close();
});

test('stat cards show the platform numbers, and Refresh fetches them again', async ({ browser }, info) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  const stats = page.getByRole('region', { name: 'Platform statistics' });
  const card = (title: string) =>
    stats.locator('div').filter({ has: page.getByText(title, { exact: true }) });
  const api = async () => (await (await page.request.get('/api/admin/stats')).json()) as AdminStats;
  const s = await api();
  expect(s.totalUsers).toBeGreaterThanOrEqual(4);
  expect(s.photosToday).toBeGreaterThanOrEqual(4);
  expect(s.revenue).toBeGreaterThan(0); // Bea's Event Pro
  const n = (x: number) => x.toLocaleString('en-US');
  await expect(card('Total Users')).toContainText(n(s.totalUsers));
  await expect(card('Total Users')).toContainText(`New today: ${n(s.newUsersToday)}`);
  await expect(card('Active Events')).toContainText(n(s.activeEvents));
  await expect(card('Active Events')).toContainText(`Total events: ${n(s.totalEvents)}`);
  await expect(card('Photos Today')).toContainText(`Total photos: ${n(s.totalPhotos)}`);
  await expect(card('Revenue')).toContainText(`$${n(s.revenue)}`);
  await expect(card('Revenue')).toContainText(`Flagged photos: ${n(s.flaggedPhotos)}`);
  await audit(page, '/admin-dashboard Overview');
  await shot(page, info, 'admin-overview');

  // a guest's photo arrives; Refresh shows it
  const guest = await browser.newContext();
  await onePhoto(guest.request, nowCode, 'Late one', 'Larry');
  await expect.poll(async () => (await api()).photosToday).toBe(s.photosToday + 1);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card('Photos Today').locator('dd').first()).toHaveText(n(s.photosToday + 1));
  await guest.close();
  await ctx.close();
});

test('Users: search, every filter, suspend (cancel and confirm) and unsuspend', async ({ browser }, info) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  const panel = await openTab(page, 'Users');
  await searchFor(panel, 'users', tag);
  await expect(rows(panel)).toHaveCount(3);
  const filter = panel.getByLabel('Filter users');
  expect(await filter.locator('option').allTextContents()).toEqual([
    'All Users',
    'Active',
    'Suspended',
    'Premium',
  ]);

  const row = (email: string) => rows(panel).filter({ hasText: email });
  await expect(row(hosts.ada)).toContainText('Free');
  await expect(row(hosts.ada)).toContainText('Active');
  await expect(row(hosts.ada)).toContainText(today);
  await expect(row(hosts.ada).getByRole('cell').nth(3)).toHaveText('1'); // events
  await expect(row(hosts.ada).getByRole('cell').nth(4)).toHaveText('5'); // photos in her event
  await expect(row(hosts.bea)).toContainText('Pro');

  // the search is the server's: one address finds one account
  await searchFor(panel, 'users', hosts.carl);
  await expect(rows(panel)).toHaveCount(1);
  await panel.getByLabel('Search users').fill(tag); // asked before: answered from the cache
  await expect(rows(panel)).toHaveCount(3);

  await filter.selectOption({ label: 'Premium' });
  await expect(rows(panel)).toHaveCount(1);
  await expect(row(hosts.bea)).toBeVisible();
  await filter.selectOption({ label: 'Suspended' });
  await expect(panel.getByText('No users found')).toBeVisible();
  await filter.selectOption({ label: 'All Users' });
  await expect(rows(panel)).toHaveCount(3);
  await audit(page, '/admin-dashboard Users');

  // Suspend asks first: Escape and Cancel keep Carl active
  const suspend = row(hosts.carl).getByRole('button', { name: `Suspend ${hosts.carl}`, exact: true });
  await suspend.click();
  const confirm = page.getByRole('alertdialog', { name: 'Suspend user?' });
  await expect(confirm).toContainText(ADMIN_CONFIRM.suspend);
  await audit(page, 'Suspend confirm dialog');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(suspend).toBeFocused();
  await suspend.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(hosts.carl)).toContainText('Active');

  // confirmed: Carl is suspended, and only the Suspended filter shows him
  await suspend.click();
  await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(toastText(page, 'User suspended successfully')).toBeVisible();
  await expect(row(hosts.carl)).toContainText('Suspended');
  await shot(page, info, 'admin-users');
  await filter.selectOption({ label: 'Suspended' });
  await expect(rows(panel)).toHaveCount(1);
  await expect(row(hosts.carl)).toBeVisible();
  await filter.selectOption({ label: 'Active' });
  await expect(rows(panel)).toHaveCount(2);
  await expect(row(hosts.carl)).toHaveCount(0);

  // Unsuspend needs no confirmation; he leaves the Suspended list
  await filter.selectOption({ label: 'Suspended' });
  await row(hosts.carl)
    .getByRole('button', { name: `Unsuspend ${hosts.carl}` })
    .click();
  await expect(toastText(page, 'User unsuspended successfully')).toBeVisible();
  await expect(panel.getByText('No users found')).toBeVisible();
  await ctx.close();
});

test('Events: search, every filter, View, and Delete (cancel and confirm)', async ({ browser }, info) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  const panel = await openTab(page, 'Events');
  await searchFor(panel, 'events', tag);
  await expect(rows(panel)).toHaveCount(3);
  const filter = panel.getByLabel('Filter events');
  expect(await filter.locator('option').allTextContents()).toEqual([
    'All Events',
    'Active',
    'Upcoming',
    'Ended',
  ]);
  const row = (name: string) => rows(panel).filter({ hasText: name });

  const now = row(names.now);
  await expect(now).toContainText(nowCode);
  await expect(now).toContainText(hosts.ada);
  await expect(now.getByRole('cell').nth(2)).toHaveText('5'); // photos
  await expect(now.getByRole('cell').nth(3)).toHaveText('3'); // guests: Rosa, the anonymous one, Larry
  await expect(now).toContainText('Active');
  await expect(now).toContainText(today);
  await expect(now.getByRole('link', { name: `View ${names.now}` })).toHaveAttribute(
    'href',
    `/host/dashboard/${ids.now}`,
  );

  for (const [label, name] of [
    ['Active', names.now],
    ['Upcoming', names.future],
    ['Ended', names.done],
  ] as const) {
    await filter.selectOption({ label });
    await expect(rows(panel)).toHaveCount(1);
    await expect(row(name)).toContainText(label);
  }
  await audit(page, '/admin-dashboard Events');
  await shot(page, info, 'admin-events');

  // Delete asks first; Cancel keeps the event, Delete removes it for good
  const del = row(names.done).getByRole('button', { name: `Delete ${names.done}` });
  await del.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete event?' });
  await expect(confirm).toContainText(ADMIN_CONFIRM.deleteEvent);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(names.done)).toBeVisible();
  await del.click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastText(page, 'Event deleted successfully')).toBeVisible();
  await expect(panel.getByText('No events found')).toBeVisible();
  expect((await page.request.get(`/api/events/${ids.done}`)).status()).toBe(404);
  await filter.selectOption({ label: 'All Events' });
  await expect(rows(panel)).toHaveCount(2);
  await ctx.close();
});

test('Photos: search, every filter, approve, reject and flag; Review Flagged Photos', async ({
  browser,
}, info) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  const panel = await openTab(page, 'Photos');
  await searchFor(panel, 'photos', tag); // the event's name finds its photos
  await expect(rows(panel)).toHaveCount(5);
  const filter = panel.getByLabel('Filter photos');
  expect(await filter.locator('option').allTextContents()).toEqual([
    'All Photos',
    'Pending Review',
    'Flagged',
    'Approved',
    'Rejected',
  ]);
  const row = (caption: string) => rows(panel).filter({ hasText: caption });
  await expect(row('Nameless')).toContainText('Anonymous');
  await expect(row('Nameless')).toContainText(names.now);
  await expect(row('Nameless')).toContainText(nowCode);
  await expect(row('Shot 2')).toContainText('Rosa');
  await expect(row('Shot 2')).toContainText(today);
  await filter.selectOption({ label: 'Pending Review' });
  await expect(rows(panel)).toHaveCount(5);
  await expect(row('Shot 2')).toContainText('Pending Review');
  await audit(page, '/admin-dashboard Photos');

  // each action and its toast; the list is fetched again after each
  await row('Shot 1').getByRole('button', { name: 'Approve Shot 1' }).click();
  await expect(toastText(page, 'Photo moderated successfully')).toBeVisible();
  await expect(rows(panel)).toHaveCount(4);
  await row('Shot 2').getByRole('button', { name: 'Reject Shot 2' }).click();
  await expect(rows(panel)).toHaveCount(3);
  await row('Shot 3').getByRole('button', { name: 'Flag Shot 3' }).click();
  await expect(toastText(page, 'Photo moderated successfully')).toBeVisible();

  await filter.selectOption({ label: 'Approved' });
  await expect(rows(panel)).toHaveCount(1);
  await expect(row('Shot 1')).toContainText('Approved');
  await filter.selectOption({ label: 'Rejected' });
  await expect(rows(panel)).toHaveCount(1);
  await expect(row('Shot 2')).toContainText('Rejected');
  await filter.selectOption({ label: 'Flagged' });
  await expect(rows(panel)).toHaveCount(1);
  await expect(row('Shot 3').getByRole('cell').nth(4)).toContainText('1');
  await expect(row('Shot 3')).toContainText('Needs review');
  await shot(page, info, 'admin-photos');

  // from the Overview: Review Flagged Photos opens the Photos tab on the Flagged filter
  await page.reload();
  await page.getByRole('button', { name: 'Review Flagged Photos' }).click();
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
  const photos = page.getByRole('tabpanel', { name: 'Photos' });
  await expect(photos.getByLabel('Filter photos')).toHaveValue('flagged');
  await expect(photos.getByLabel('Filter photos')).toBeFocused();
  await expect(rows(photos).filter({ hasText: 'Shot 3' })).toBeVisible();
  await expect(rows(photos).filter({ hasText: 'Shot 1' })).toHaveCount(0);
  await ctx.close();
});

test('Recent Activity and the audit log record each action with its actor and reason', async ({
  browser,
}) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  const res = await page.request.get('/api/admin/activity');
  expect(res.status()).toBe(200);
  const log = ((await res.json()) as { items: AuditEntryDto[] }).items.slice(0, 6);
  expect(log.map((e) => [e.action, e.actorEmail, e.actorRole, e.reason])).toEqual([
    ['photo.flagged', E2E_ADMIN, 'admin', 'Needs review'],
    ['photo.rejected', E2E_ADMIN, 'admin', 'Inappropriate content'],
    ['photo.approved', E2E_ADMIN, 'admin', null],
    ['event.deleted', E2E_ADMIN, 'admin', 'Admin deletion'],
    ['user.unsuspended', E2E_ADMIN, 'admin', null],
    ['user.suspended', E2E_ADMIN, 'admin', 'Admin action'],
  ]);
  expect(log[3]!.targetId).toBe(ids.done);

  const list = page.getByRole('list', { name: 'Recent activity' });
  const items = list.getByRole('listitem');
  const labels = [
    'Flagged a photo',
    'Rejected a photo',
    'Approved a photo',
    'Deleted an event',
    'Unsuspended a user',
    'Suspended a user',
  ];
  for (const [i, label] of labels.entries()) {
    await expect(items.nth(i)).toContainText(label);
    await expect(items.nth(i)).toContainText(E2E_ADMIN);
    await expect(items.nth(i)).toContainText('Admin');
  }
  await expect(items.nth(0)).toContainText('Reason: Needs review');
  await expect(items.nth(3)).toContainText(ids.done);
  // the deleted event is named as it was
  await expect(items.nth(3)).toContainText(names.done);
  expect(log[3]!.targetLabel).toContain(names.done);
  await expect(items.nth(5)).toContainText('Reason: Admin action');
  await ctx.close();
});

test('Export Data downloads CSVs; System Settings shows secrets masked', async ({ browser }, info) => {
  const { ctx, page } = await asAdmin(browser);
  await openAdminDashboard(page);
  await page.getByRole('button', { name: 'Export Data' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Data' });
  await expect(exportDialog.getByRole('link')).toHaveCount(4);
  await audit(page, 'Export Data dialog');
  const csvOf = async (label: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('link', { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^afterglow-\w+-\d{4}-\d{2}-\d{2}\.csv$/);
    return (await readFile(await download.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
  };
  const users = await csvOf('Users (CSV)');
  expect(users[0]).toBe('id,email,first_name,last_name,plan,events,photos,status,admin,joined_at');
  const bea = users.find((l) => l.includes(hosts.bea));
  expect(bea).toMatch(/,pro,1,0,active,false,/);
  const events = await csvOf('Events (CSV)');
  expect(events[0]).toMatch(/^id,name,code,host_email,/);
  expect(events.some((l) => l.includes(names.now) && l.includes(hosts.ada))).toBe(true);
  expect(events.some((l) => l.includes(names.done))).toBe(false);
  const activity = await csvOf('Activity log (CSV)');
  expect(activity[0]).toBe('at,actor_email,actor_id,role,action,target_id,target,reason');
  expect(activity.some((l) => l.includes('user.suspended') && l.includes('Admin action'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();

  const settings = (await (await page.request.get('/api/admin/settings')).json()) as AdminSettings;
  const secrets = settings.settings.filter((s) => s.secret);
  expect(secrets.length).toBeGreaterThan(0);
  for (const s of secrets) expect([SECRET_MASK, null]).toContain(s.value);
  await page.getByRole('button', { name: 'System Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'System Settings' });
  await expect(dialog).toContainText(settings.mode);
  for (const s of settings.settings) {
    const entry = dialog.locator('dl > div').filter({ has: page.getByText(s.key, { exact: true }) });
    await expect(entry).toContainText(s.value ?? 'Not set');
    await expect(entry).toContainText(s.source === 'environment' ? 'Environment' : 'Default');
    if (s.secret) await expect(entry.getByRole('img', { name: 'Secret' })).toBeVisible();
  }
  await audit(page, 'System Settings dialog');
  await shot(page, info, 'admin-settings');
  await ctx.close();
});

test('Load more follows nextCursor; on a phone the lists scroll sideways and pass axe', async ({
  browser,
}) => {
  const { ctx, page } = await asAdmin(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  // the server's own paging, two rows a page, so this run's five photos take three pages
  await page.route('**/api/admin/photos?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '2');
    return route.continue({ url: url.toString() });
  });
  await openAdminDashboard(page);
  const panel = await openTab(page, 'Photos');
  await searchFor(panel, 'photos', tag);
  await expect(rows(panel)).toHaveCount(2);
  await expect(panel.getByText('Showing 2 photos')).toBeVisible();
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(panel)).toHaveCount(4);
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(panel)).toHaveCount(5);
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const captions = await rows(panel).locator('td:first-child').allTextContents();
  expect(new Set(captions).size).toBe(5); // no row twice across pages

  const table = panel.getByRole('region', { name: 'Photos' });
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await audit(page, '/admin-dashboard Photos on a phone');
  await openTab(page, 'Overview');
  await audit(page, '/admin-dashboard Overview on a phone');
  await ctx.close();
});
