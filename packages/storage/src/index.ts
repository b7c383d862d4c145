import { join } from 'node:path';

import { createFsStore } from './fs';
import { createS3Store } from './s3';
import type { S3StoreOptions } from './s3';
import type { ObjectStore } from './types';

export type { ByteRange, ObjectInfo, ObjectStore, PutOptions } from './types';
export { InvalidKeyError } from './types';
export {
  assertValidKey,
  assertValidPrefix,
  contentTypeFor,
  DEFAULT_CONTENT_TYPE,
  isValidKey,
  isValidPrefix,
  isValidSegment,
  MAX_KEY_LENGTH,
} from './keys';
export { createFsStore } from './fs';
export type { FsStoreOptions } from './fs';
export { createS3Store } from './s3';
export type { S3Store, S3StoreOptions } from './s3';
export { createUrlSigner } from './signing';
export type { UrlSigner } from './signing';

export interface StoreConfig {
  /** The service's data directory; the embedded store lives in '<dataDir>/objects'. */
  dataDir: string;
  /** When present, objects go to this S3-compatible bucket instead (distributed mode). */
  s3?: S3StoreOptions;
}

/**
 * The store for this deployment: S3 when `s3` is configured, otherwise the filesystem under
 * '<dataDir>/objects'. The filesystem store is checked (root created, writability probed) before it is
 * returned, since that is local and cheap; the S3 store is returned without any network call — its
 * reachability (and bucket creation, if enabled) belongs to check(), typically run by a readiness probe.
 */
export async function createStore(config: StoreConfig): Promise<ObjectStore> {
  if (config.s3) return createS3Store(config.s3);
  const store = createFsStore({ root: join(config.dataDir, 'objects') });
  await store.check();
  return store;
}
