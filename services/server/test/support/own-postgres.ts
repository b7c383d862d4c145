import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/** True when the PostgreSQL 15 server binaries are installed here. */
export const ownPostgresAvailable = existsSync(join(BIN, 'pg_ctl')) && existsSync(join(BIN, 'initdb'));

/**
 * A PostgreSQL server of our own on a free port in a temp dir, so a test may stop and start it
 * without touching the machine's shared one. PostgreSQL refuses to run as root: as root the cluster
 * belongs to the `postgres` OS user and its tools run through runuser.
 */
export class OwnPostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'afterglow-pg-'));
  private readonly asRoot = userInfo().uid === 0;

  constructor(readonly port: number) {
    if (this.asRoot) chownSync(this.dir, postgresUid(), postgresGid());
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async tool(name: string, args: string[]): Promise<string> {
    const [cmd, argv] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(BIN, name), ...args]]
      : [join(BIN, name), args];
    const { stdout } = await run(cmd, argv, { timeout: 60_000 });
    return stdout;
  }

  async init(): Promise<void> {
    await this.tool('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  }

  async start(): Promise<void> {
    const opts = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c max_connections=100',
    ].join(' ');
    await this.tool('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-o',
      opts,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Fast shutdown: open sessions are cut, as when the server is restarted under load. */
  async stop(): Promise<void> {
    await this.tool('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']).catch(() => {});
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres']).toString().trim());
}
const postgresUid = () => idOf('-u');
const postgresGid = () => idOf('-g');
