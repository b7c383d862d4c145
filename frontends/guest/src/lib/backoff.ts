// The retry rule's waits (lib/upload.ts), in a module of their own: the pages' retries (lib/useRetry.ts)
// read them from the start, the uploader comes only when something is sent.

/** Waits between tries while a photo waits; back to the first after any progress or when online. */
export const RETRY_BACKOFF_MS = [2000, 5000, 10_000, 20_000, 30_000, 60_000] as const;

/** The wait before try number `attempt` + 1 of a photo that is waiting. */
export const retryDelay = (attempt: number): number =>
  RETRY_BACKOFF_MS[Math.min(attempt, RETRY_BACKOFF_MS.length - 1)]!;
