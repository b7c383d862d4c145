import { pino } from 'pino';
import type { Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Readable lines for a person at a terminal; JSON for everything else (containers, CI, log
 * collectors). `LOG_FORMAT=json` or `LOG_FORMAT=pretty` overrides the choice.
 */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return !!process.stdout.isTTY;
}

export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  opts: { pretty?: boolean } = {},
): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
  };
  if (!(opts.pretty ?? wantsPrettyLogs())) return pino(options);
  return pino(
    options,
    pretty({
      colorize: !!process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,service,name',
      singleLine: true,
      sync: true,
    }),
  );
}
