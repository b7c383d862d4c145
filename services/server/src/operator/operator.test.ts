import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, eventBody, loginThroughIdp, startApp } from '../../test/support/harness';
import { runOperator, type OperatorIo } from './index';
import { newPassword } from './password-input';

/** The operator's streams in a test: stdin carries what a pipe would, output is recorded. */
function testIo(stdin: OperatorIo['stdin'] = Readable.from([])) {
  const out: string[] = [];
  const err: string[] = [];
  const io: OperatorIo = { stdin, out: (l) => out.push(l), err: (l) => err.push(l), ask: () => {} };
  return { io, out, err, text: () => [...out, ...err].join('\n') };
}
const piped = (text: string) => Readable.from([Buffer.from(text)]);

/** `npm start`, sign-ups, Ctrl-C; then the operator commands on the data dir it leaves behind. */
describe('operator commands on a real data dir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-operator-'));
  // as a person runs them: the data dir of the server, its default embedded database
  const env = { AFTERGLOW_DATA_DIR: dataDir, DATABASE_URL: '', AFTERGLOW_ADMIN_EMAILS: '' };
  const run = async (argv: string[], stdin?: OperatorIo['stdin']) => {
    const t = testIo(stdin);
    const code = await runOperator(argv, env, t.io);
    return { code, ...t };
  };
  const withApp = async (f: (base: string) => Promise<void>) => {
    const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
    try {
      await f(app.base);
    } finally {
      await app.close({ keepData: true });
    }
  };
  const me = async (base: string, email: string, password: string) => {
    const b = new Browser(base);
    const r = await loginThroughIdp(b, email, password, 'signin');
    // the identity provider answered the form itself (a refusal); otherwise the sign-in went through,
    // whatever the page it ends on answers (the web apps may not be built when Vitest runs)
    if (r.html !== undefined && r.res.status >= 400) return { status: r.res.status, html: r.html };
    return { status: 200, user: (await b.json('GET', '/api/auth/user')).body };
  };
  let event: { code: string; name: string };
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await withApp(async (base) => {
      const host = new Browser(base);
      await loginThroughIdp(host, 'host@example.test', 'first password');
      event = (await host.json('POST', '/api/events', eventBody())).body;
      await loginThroughIdp(new Browser(base), 'guest@example.test', 'guest password');
    });
  });
  afterAll(() => {
    for (const c of children) c.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resets a password from a pipe and makes an admin, both kept at the next sign-in', async () => {
    const short = await run(['reset-password', 'host@example.test'], piped('short\n'));
    expect(short.code).toBe(1);
    expect(short.text()).toContain('Choose a password of at least 8 characters.');

    const reset = await run(['reset-password', 'HOST@example.test'], piped('a brand new pass\n'));
    expect(reset.code).toBe(0);
    expect(reset.text()).toContain('host@example.test');

    const generated = await run(['reset-password', 'guest@example.test', '--generate']);
    expect(generated.code).toBe(0);
    const newGuestPassword = generated.out.join('\n').trim();
    expect(newGuestPassword).toMatch(/^[\w-]{24}$/);

    const grant = await run(['admin', 'host@example.test']);
    expect(grant.code).toBe(0);
    expect(grant.text()).toContain('next request');

    await withApp(async (base) => {
      const old = await me(base, 'host@example.test', 'first password');
      expect(old.status).toBe(401);
      expect(old.html).toContain('Wrong email or password');
      // signing in is the next login: the grant outlives it
      const now = await me(base, 'host@example.test', 'a brand new pass');
      expect(now.user).toMatchObject({ email: 'host@example.test', isAdmin: true });
      const guest = await me(base, 'guest@example.test', newGuestPassword);
      expect(guest.user).toMatchObject({ email: 'guest@example.test', isAdmin: false });
    });

    const revoke = await run(['admin', 'host@example.test', '--revoke']);
    expect(revoke.code).toBe(0);
    await withApp(async (base) => {
      const now = await me(base, 'host@example.test', 'a brand new pass');
      expect(now.user).toMatchObject({ email: 'host@example.test', isAdmin: false });
    });
  });

  it("puts an account on a plan: billing's, which the events they create from then on get", async () => {
    const PASSWORD = 'comped password';
    await withApp(async (base) => {
      for (const email of ['comped@example.test', 'uncomped@example.test'])
        await loginThroughIdp(new Browser(base), email, PASSWORD);
    });
    const comp = await run(['plan', 'Comped@example.test', 'max']);
    expect(comp.code).toBe(0);
    expect(comp.text()).toContain('Comped@example.test is now on the max plan');
    expect((await run(['plan', 'nobody@example.test', 'pro'])).text()).toContain(
      'they must sign in once first',
    );
    expect((await run(['plan', 'comped@example.test', 'platinum'])).code).toBe(2);
    await withApp(async (base) => {
      const create = async (email: string) => {
        const b = new Browser(base);
        await loginThroughIdp(b, email, PASSWORD, 'signin');
        const e = await b.json('POST', '/api/events', eventBody());
        expect(e.status).toBe(201);
        return e.body;
      };
      expect(await create('comped@example.test')).toMatchObject({
        plan: 'max',
        maxPhotos: 5000,
        maxGuests: null,
      });
      expect(await create('uncomped@example.test')).toMatchObject({
        plan: 'free',
        maxPhotos: 50,
        maxGuests: 20,
      });
    });
  });

  it('says so for an unknown e-mail, and for bad usage', async () => {
    const unknown = await run(['reset-password', 'nobody@example.test'], piped('long enough pass\n'));
    expect(unknown.code).toBe(1);
    expect(unknown.text()).toContain(
      'No account of the built-in identity provider with the e-mail nobody@example.test',
    );
    const notAdmin = await run(['admin', 'nobody@example.test']);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.text()).toContain('they must sign in once first');
    expect((await run(['reset-password'])).code).toBe(2);
    expect((await run(['admin', 'a@b.c', '--bogus'])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.text()).toContain('afterglow reset-password <email> [--generate]');
    const empty = await run(['reset-password', 'host@example.test'], piped(''));
    expect(empty.code).toBe(1);
    expect(empty.text()).toContain('No password on standard input');
  });

  it('lists the events as a table and as JSON', async () => {
    const table = await run(['events']);
    expect(table.code).toBe(0);
    expect(table.out[0]).toMatch(/^CODE\s+NAME\s+HOST\s+STARTS \(UTC\)\s+ENDS \(UTC\)\s+PHOTOS$/);
    const row = table.out.find((l) => l.startsWith(event.code))!;
    expect(row).toContain(event.name);
    expect(row).toContain('host@example.test');
    expect(row).toMatch(/\s0$/);
    // columns line up
    expect(row.indexOf('host@example.test')).toBe(table.out[0]!.indexOf('HOST'));

    const json = await run(['events', '--json', '--host', 'Host@example.test']);
    expect(JSON.parse(json.out.join('\n'))).toEqual([
      expect.objectContaining({
        code: event.code,
        name: event.name,
        hostEmail: 'host@example.test',
        photoCount: 0,
      }),
    ]);
    const none = await run(['events', '--host', 'guest@example.test']);
    expect(none.out).toEqual(['No events hosted by guest@example.test.']);
  });

  it('refuses while a live server holds the data dir, and ignores a stale pid file', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(sleeper);
    const pidFile = join(dataDir, 'afterglow.pid');
    writeFileSync(
      pidFile,
      JSON.stringify({ pid: sleeper.pid, port: 3000, startedAt: new Date().toISOString() }),
    );
    for (const argv of [
      ['events'],
      ['admin', 'host@example.test'],
      ['reset-password', 'host@example.test'],
    ]) {
      const r = await run(argv, piped('never read here\n'));
      expect(r.code).toBe(1);
      expect(r.err).toEqual([
        `Afterglow is running on this data dir (pid ${sleeper.pid}, port 3000). Stop it first (Ctrl-C): its embedded database belongs to one process.`,
      ]);
    }
    sleeper.kill();
    await new Promise((r) => sleeper.once('exit', r));
    // the same file, now naming a process that has ended
    const r = await run(['events']);
    expect(r.code).toBe(0);
    expect(r.text()).toContain(event.code);
    rmSync(pidFile);
  });

  it('points at the data dir when there is no database in it', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'afterglow-empty-'));
    try {
      const t = testIo();
      const code = await runOperator(['events'], { AFTERGLOW_DATA_DIR: elsewhere }, t.io);
      expect(code).toBe(1);
      expect(t.text()).toContain(`No Afterglow database in ${elsewhere}`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('asking for a new password', () => {
  const terminal = (keys: string) => {
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      raw: false,
      setRawMode(r: boolean) {
        this.raw = r;
      },
    });
    const t = testIo(stdin);
    const shown: string[] = [];
    t.io.ask = (s) => void shown.push(s);
    setImmediate(() => stdin.write(keys));
    return { stdin, io: t.io, shown };
  };

  it('asks twice on a terminal without echo, with backspace and arrow keys', async () => {
    const { stdin, io, shown } = terminal('secret12x\u007f3\u001b[D\rsecret123\r');
    expect(await newPassword(io, false)).toBe('secret123');
    expect(shown.join('')).toBe('New password: \nRepeat the new password: \n');
    expect(stdin.raw).toBe(false);
  });

  it('refuses two different answers, and stops at Ctrl-C', async () => {
    await expect(newPassword(terminal('secret123\rsecret124\r').io, false)).rejects.toThrow(
      'The two passwords differ',
    );
    await expect(newPassword(terminal('secr\u0003').io, false)).rejects.toThrow('Cancelled');
  });

  it('takes one line from a pipe', async () => {
    expect(await newPassword(testIo(piped('with spaces  \r\n')).io, false)).toBe('with spaces  ');
    await expect(newPassword(testIo(piped('one\ntwo\n')).io, false)).rejects.toThrow('on one line');
  });
});
