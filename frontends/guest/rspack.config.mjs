import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.shared.mjs';

export default frontendConfig({
  name: 'guest',
  dir: dirname(fileURLToPath(import.meta.url)),
  exposes: { './pages': './src/pages.tsx' },
});
