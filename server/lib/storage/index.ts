import path from 'node:path';
import type { Env } from '../../env';
import { createLocalDiskStorage } from './local-disk-storage';

export type { ByteRange, FileStorage, StoredFile } from './file-storage';
export { createLocalDiskStorage } from './local-disk-storage';

/** The app's file storage: the local disk under `${DATA_DIR}/uploads` (an S3 store can replace it here). */
export function createFileStorage(env: Pick<Env, 'DATA_DIR'>) {
  return createLocalDiskStorage(path.resolve(env.DATA_DIR, 'uploads'));
}
