import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  baseConfigSchema,
  ConfigError,
  createLogger,
  loadConfig,
  wantsPrettyLogs,
  type BaseConfig,
  type Logger,
} from '@afterglow/service-kit';
import { launch } from './launcher';
import { banner, listeningUrl, startUrls } from './banner';
import { OPERATOR_USAGE, runOperator } from './operator';

/** `afterglow --target=all` or `--target=events,photos`; none given: AFTERGLOW_TARGET (`all`). */
function parseTarget(argv: string[]): string | undefined {
  let target: string | undefined;
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

// Bootstrap: the only variables written here, as defaults the config then reads (a value already set
// wins). The built server carries the services' migrations beside it…
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

const targetArg = parseTarget(process.argv.slice(2));
let config: BaseConfig | undefined;
let startLogger: Logger | undefined;
try {
  config = loadConfig(baseConfigSchema);
  const pretty = wantsPrettyLogs(config.LOG_FORMAT);
  const logger = (startLogger = createLogger('afterglow', config.LOG_LEVEL, { pretty }));
  const running = await launch({ target: targetArg, logger });
  const { target } = running;
  if (!running.modules.has('gateway')) {
    const url = listeningUrl(running.server, running.ctx.origins.scheme);
    logger.info({ target, url }, `Afterglow ${target} is listening at ${url}`);
  } else {
    const urls = startUrls(running.ctx.origins);
    if (pretty) console.log(banner(urls));
    else logger.info({ target, ...urls }, `Afterglow is running at ${urls.local}`);
  }
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
      `Port ${(err as { port?: number }).port ?? config?.PORT} is already in use (another Afterglow?). ` +
        'Stop that one, or start this one on another port: PORT=3001 npm start',
    );
  else (startLogger ?? createLogger('afterglow')).fatal({ err }, 'failed to start');
  process.exit(1);
}
