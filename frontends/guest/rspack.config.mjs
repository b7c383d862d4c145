import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, remoteExposes } from '../rspack.shared.mjs';

export default frontendConfig({
  name: 'guest',
  dir: dirname(fileURLToPath(import.meta.url)),
  exposes: remoteExposes(['JoinByCode', 'Join', 'Camera', 'Gallery', 'PublicGallery']),
});
