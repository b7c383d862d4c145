import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, remoteExposes } from '../rspack.shared.mjs';

export default frontendConfig({
  name: 'admin',
  dir: dirname(fileURLToPath(import.meta.url)),
  exposes: remoteExposes(['AdminDashboard', 'TestCamera']),
});
