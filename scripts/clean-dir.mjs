// Removes a directory and everything in it (a test run's data dir), on every platform.
import { rmSync } from 'node:fs';

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
