import type { AppConfig } from '../config/config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** The configured storage: local disk (default) or an S3-compatible bucket (STORAGE_DRIVER=s3). */
export function createFileStorage(storage: AppConfig['storage']): FileStorage {
  if (storage.driver === 's3') {
    return createS3Storage({ ...storage.s3, prefix: storage.folder });
  }
  return createLocalStorage(storage.localRoot);
}
