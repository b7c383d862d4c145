import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.shared.mjs';

// The shell: routes from every remote's src/pages.json.
export default frontendConfig({ name: 'shell', dir: dirname(fileURLToPath(import.meta.url)) });
