import { resolve } from 'node:path';
import { PLAN_IDS } from '@afterglow/contracts';
import { openDatabase } from '@afterglow/db';
import { setPlanByEmail } from '@afterglow/gateway';
import { baseConfigSchema, loadConfig } from '@afterglow/service-kit';

export const OPERATOR_USAGE = `Operator commands (same DATABASE_URL / AFTERGLOW_DATA_DIR as the server):
  afterglow plan <email> <${PLAN_IDS.join('|')}>   put an account on a plan
With the embedded database (PGlite files) stop the server first: its files belong to one process.`;

/**
 * `afterglow plan <email> <plan>`: support's way to put an account on a plan without a payment
 * (a comped event, an invoice paid outside the app). Answers the process exit code.
 */
export async function runOperator(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, email, plan] = argv;
  if (command !== 'plan' || !email || !plan) {
    console.error(OPERATOR_USAGE);
    return 2;
  }
  if (!(PLAN_IDS as readonly string[]).includes(plan)) {
    console.error(`Unknown plan '${plan}': use one of ${PLAN_IDS.join(', ')}`);
    return 2;
  }
  const config = loadConfig(baseConfigSchema, env);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: resolve(config.AFTERGLOW_DATA_DIR),
  });
  try {
    const changed = await setPlanByEmail(database.db, email, plan).catch((err: unknown) => {
      // A database the server never started on has no accounts table yet.
      if (/relation .* does not exist/.test(String(err))) return 0;
      throw err;
    });
    if (changed === 0) {
      console.error(`No account with the e-mail ${email}: they must sign in once first`);
      return 1;
    }
    console.log(`${email} is now on the ${plan} plan (events they create from now on get its limits)`);
    return 0;
  } finally {
    await database.close();
  }
}
