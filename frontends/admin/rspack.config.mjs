import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.shared.mjs';

// Exposes the pages of src/pages.json.
export default frontendConfig({ name: 'admin', dir: dirname(fileURLToPath(import.meta.url)) });
