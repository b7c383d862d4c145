import { parseArgs } from 'node:util';
import { PLAN_IDS } from '@afterglow/contracts';
import { baseConfigSchema, ConfigError, loadConfig } from '@afterglow/service-kit';
import { adminCommand, planCommand, resetPasswordCommand } from './accounts';
import { openOperatorDatabase } from './database';
import { eventsCommand } from './events';
import { OperatorError, processIo, type OperatorIo } from './io';

export type { OperatorIo } from './io';

export const OPERATOR_USAGE = `Operator commands (same DATABASE_URL / AFTERGLOW_DATA_DIR as the server):
  afterglow plan <email> <${PLAN_IDS.join('|')}>   put an account on a plan
  afterglow reset-password <email> [--generate]
      give an account of the built-in identity provider a new password: read from standard input
      (echo 'new password' | afterglow reset-password <email>), asked twice on a terminal, or
      generated and printed once (--generate); at least 8 characters
  afterglow admin <email> [--revoke]
      make an account a platform admin, kept at every sign-in (--revoke takes it back); it applies
      from their next request
  afterglow events [--host <email>] [--json]
      list events: code, name, host, start and end (UTC), photos; --json for JSON
plan and admin need an account that has signed in once.
With the embedded database (PGlite files) stop the server first: its files belong to one process.`;

const COMMANDS = {
  plan: { positionals: 2, options: {}, usage: `<email> <${PLAN_IDS.join('|')}>` },
  'reset-password': {
    positionals: 1,
    options: { generate: { type: 'boolean' } },
    usage: '<email> [--generate]',
  },
  admin: { positionals: 1, options: { revoke: { type: 'boolean' } }, usage: '<email> [--revoke]' },
  events: {
    positionals: 0,
    options: { host: { type: 'string' }, json: { type: 'boolean' } },
    usage: '[--host <email>] [--json]',
  },
} as const;

/**
 * `afterglow <command> …`: support's tools on the server's own database (see OPERATOR_USAGE).
 * Answers the process exit code: 0 done, 1 refused or failed (with a message), 2 bad usage.
 */
export async function runOperator(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: OperatorIo = processIo(),
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help')) {
    io.out(OPERATOR_USAGE);
    return 0;
  }
  const spec =
    command && Object.hasOwn(COMMANDS, command) ? COMMANDS[command as keyof typeof COMMANDS] : null;
  let args: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    if (!spec) throw new Error(command ? `Unknown command '${command}'.` : 'No command given.');
    args = parseArgs({
      args: rest,
      options: spec.options,
      allowPositionals: true,
      strict: true,
    }) as typeof args;
    if (args.positionals.length !== spec.positionals)
      throw new Error(`Usage: afterglow ${command} ${spec.usage}`);
  } catch (err) {
    io.err(`${(err as Error).message}\n${OPERATOR_USAGE}`);
    return 2;
  }
  const [email = '', plan = ''] = args.positionals;
  const flag = (name: string) => args.values[name];
  if (command === 'plan' && !(PLAN_IDS as readonly string[]).includes(plan)) {
    io.err(`Unknown plan '${plan}': use one of ${PLAN_IDS.join(', ')}`);
    return 2;
  }

  try {
    const config = loadConfig(baseConfigSchema, env);
    const database = await openOperatorDatabase(config, {
      identity: command === 'reset-password' || command === 'admin',
      billing: command === 'plan',
    });
    try {
      const db = database.db;
      if (command === 'plan') await planCommand(db, io, email, plan);
      else if (command === 'reset-password')
        await resetPasswordCommand(db, io, config, email, flag('generate') === true);
      else if (command === 'admin') await adminCommand(db, io, config, email, flag('revoke') === true);
      else await eventsCommand(db, io, flag('host') as string | undefined, flag('json') === true);
      return 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof OperatorError || err instanceof ConfigError) {
      io.err(err.message);
      return err instanceof OperatorError ? err.exitCode : 1;
    }
    io.err(`${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
