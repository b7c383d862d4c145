import { pino } from 'pino';
import type { Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Readable lines for a person at a terminal; JSON for everything else (containers, CI, log
 * collectors). `format` (LOG_FORMAT from the config) overrides the choice.
 */
export function wantsPrettyLogs(format?: 'json' | 'pretty'): boolean {
  if (format === 'json') return false;
  if (format === 'pretty') return true;
  return !!process.stdout.isTTY;
}

/** `level` and `pretty` come from the config (LOG_LEVEL, LOG_FORMAT). */
export function createLogger(name: string, level = 'info', opts: { pretty?: boolean } = {}): Logger {
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
