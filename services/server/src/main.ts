import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, createLogger, wantsPrettyLogs } from '@afterglow/service-kit';
import { launch } from './launcher';
import { banner, startUrls } from './banner';
import { OPERATOR_USAGE, runOperator } from './operator';

/** `afterglow --target=all` (default) or `--target=events,photos`. */
function parseTarget(argv: string[]): string {
  let target = process.env.AFTERGLOW_TARGET || 'all';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--target=')) target = a.slice('--target='.length);
    else if (a === '--target' && argv[i + 1]) target = argv[++i]!;
    else if (a === '--help' || a === '-h') {
      console.log('Usage: afterglow [--target=all|gateway,events,photos,media,billing,admin,realtime]');
      console.log(OPERATOR_USAGE);
      process.exit(0);
    }
  }
  return target;
}

// The built server carries the services' migrations beside it.
const here = dirname(fileURLToPath(import.meta.url));
if (!process.env.AFTERGLOW_MIGRATIONS_DIR && existsSync(join(here, 'migrations'))) {
  process.env.AFTERGLOW_MIGRATIONS_DIR = join(here, 'migrations');
}

// …and finds the web apps in the source tree it was built from.
const web = join(here, '../../../frontends');
if (!process.env.AFTERGLOW_WEB_DIR && existsSync(join(web, 'shell'))) process.env.AFTERGLOW_WEB_DIR = web;

if (process.argv[2] && !process.argv[2].startsWith('-')) {
  process.exit(await runOperator(process.argv.slice(2)));
}

const logger = createLogger('afterglow');
const target = parseTarget(process.argv.slice(2));
try {
  const running = await launch({ target, logger });
  const urls = startUrls(running.ctx.origins);
  if (wantsPrettyLogs()) console.log(banner(urls));
  else logger.info({ target, ...urls }, `Afterglow is running at ${urls.local}`);
  let signals = 0;
  const onSignal = (sig: string) => {
    if (++signals > 1) process.exit(1);
    logger.info({ sig }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err: String(err) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(
      `Port ${(err as { port?: number }).port ?? process.env.PORT ?? 3000} is already in use (another Afterglow?). ` +
        'Stop that one, or start this one on another port: PORT=3001 npm start',
    );
  else logger.fatal({ err }, 'failed to start');
  process.exit(1);
}
