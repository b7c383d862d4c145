import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the server bundle once, before any test file runs. The tests that start it as a process
 * (process, distributed, faults) use this build; none rebuilds it while another file's servers run.
 */
export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'pipe' });
}
