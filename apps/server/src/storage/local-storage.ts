import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  MeteringStream,
  StoredFileMissingError,
  type FileStorage,
  type StoredFile,
} from './file-storage';

/**
 * Files under a folder of DATA_DIR (`DATA_DIR/UPLOAD_FOLDER`), outside any web root, under generated
 * names. A file is written to a temporary name, flushed to disk and then renamed, so that a reader never
 * sees half a file and an acknowledged upload survives a crash.
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, body): Promise<StoredFile> {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      const meter = new MeteringStream();
      try {
        await pipeline(body, meter, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await syncPath(partial, 'r+');
        await fsp.rename(partial, target);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
      await syncPath(path.dirname(target), 'r').catch(() => undefined); // directories cannot be opened on Windows
      return meter.result();
    },

    async get(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
        throw error;
      }
      return handle.createReadStream() as Readable;
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async check() {
      await fsp.mkdir(root, { recursive: true });
      const probe = path.join(root, `.ready-probe-${randomBytes(6).toString('hex')}`);
      await fsp.writeFile(probe, 'ok');
      if ((await fsp.readFile(probe, 'utf8')) !== 'ok') throw new Error('storage probe read back wrong content');
      await fsp.rm(probe, { force: true });
    },
  };
}

/** fsync: the data (or, for a directory, the new entry) is on disk before we go on. */
async function syncPath(target: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fsp.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
