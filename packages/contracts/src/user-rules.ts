// No zod here: the host's dashboard uses these, and a schema would bring zod into its bundle.

/** Storage is counted in MB of 1,048,576 bytes, to two decimals. */
export const BYTES_PER_MB = 1024 * 1024;
export const bytesToMb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

/** Storage Used as the dashboard shows it: used / limit as a whole percent. */
export function storagePercent(used: number, limit: number): number {
  return limit > 0 ? Math.round((used / limit) * 100) : 0;
}
