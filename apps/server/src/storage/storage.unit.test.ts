import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, S3RVER_CREDENTIALS, type TestS3Server } from '../test/s3-server';
import { newStorageKey, StoredFileMissingError, type FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes made in 1 MB chunks (never the whole file in memory). */
function generated(size: number, seed = 1): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < size; offset += 1024 * 1024) {
    const chunk = Buffer.alloc(Math.min(1024 * 1024, size - offset), (offset / 1024 / 1024 + seed) % 251);
    hash.update(chunk);
    chunks.push(chunk);
  }
  return { stream: Readable.from(chunks), sha256: hash.digest('hex') };
}

function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('client went away'));
        return;
      }
      sent += 64 * 1024;
      this.push(randomBytes(64 * 1024));
    },
  });
}

/** The same contract for every driver. */
function contract(name: string, make: () => { storage: FileStorage; exists(key: string): Promise<boolean> }) {
  describe(`${name} storage`, () => {
    it('stores a stream and reads it back with its size and SHA-256', async () => {
      const { storage } = make();
      const key = newStorageKey();
      const body = Buffer.from('hello, evidence\n');
      const stored = await storage.put(key, Readable.from([body]));
      expect(stored).toEqual({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
      expect((await readAll(await storage.get(key))).toString()).toBe('hello, evidence\n');
    });

    it('streams a 20 MB file (several multipart parts on S3)', async () => {
      const { storage } = make();
      const key = newStorageKey();
      const file = generated(20 * 1024 * 1024 + 123);
      const stored = await storage.put(key, file.stream);
      expect(stored).toEqual({ size: 20 * 1024 * 1024 + 123, sha256: file.sha256 });
      const back = await readAll(await storage.get(key));
      expect(createHash('sha256').update(back).digest('hex')).toBe(file.sha256);
    });

    it('stores an empty stream', async () => {
      const { storage } = make();
      const key = newStorageKey();
      expect((await storage.put(key, Readable.from([]))).size).toBe(0);
      expect((await readAll(await storage.get(key))).length).toBe(0);
    });

    it('reports a missing file as StoredFileMissingError', async () => {
      const { storage } = make();
      await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(StoredFileMissingError);
    });

    it('deletes, and deleting again is not an error', async () => {
      const { storage, exists } = make();
      const key = newStorageKey();
      await storage.put(key, Readable.from([Buffer.from('x')]));
      expect(await exists(key)).toBe(true);
      await storage.delete(key);
      await storage.delete(key);
      expect(await exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    });

    it('leaves nothing behind when the source fails mid-way', async () => {
      const { storage, exists } = make();
      for (const size of [100 * 1024, 12 * 1024 * 1024]) {
        const key = newStorageKey();
        await expect(storage.put(key, failingAfter(size))).rejects.toThrow();
        expect(await exists(key)).toBe(false);
      }
    });

    it('refuses keys it did not generate (no path traversal)', async () => {
      const { storage } = make();
      for (const key of ['../../etc/passwd', '/etc/passwd', 'a/b', '', 'ab/../../x']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a storage key/);
        await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
        await expect(storage.delete(key)).rejects.toThrow(/not a storage key/);
      }
    });

    it('passes the readiness check', async () => {
      await expect(make().storage.check()).resolves.toBeUndefined();
    });
  });
}

describe('storage drivers', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-storage-'));
  let s3: TestS3Server;

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const local = () => {
    const storage = createLocalStorage(root);
    return {
      storage,
      exists: async (key: string) => {
        const [fan, name] = key.split('/') as [string, string];
        const files = fs.existsSync(path.join(root, fan)) ? fs.readdirSync(path.join(root, fan)) : [];
        // Neither the file nor a half-written temporary file may remain.
        return files.some((file) => file.startsWith(name));
      },
    };
  };
  const s3Storage = () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      ...S3RVER_CREDENTIALS,
      prefix: 'uploads',
      forcePathStyle: true,
    });
    return {
      storage,
      exists: async (key: string) =>
        storage.get(key).then(
          (stream) => {
            stream.destroy();
            return true;
          },
          (error: unknown) => {
            if (error instanceof StoredFileMissingError) return false;
            throw error;
          },
        ),
    };
  };

  contract('local', local);
  contract('S3', s3Storage);

  it('local: stores under generated names inside the root, readable only by the owner', async () => {
    const storage = createLocalStorage(root);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('secret')]));
    const file = path.join(root, key);
    expect(fs.existsSync(file)).toBe(true);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('local: the readiness check fails when the folder cannot be written', async () => {
    const blocker = path.join(root, 'not-a-folder');
    fs.writeFileSync(blocker, 'x');
    await expect(createLocalStorage(path.join(blocker, 'uploads')).check()).rejects.toThrow();
  });

  it('S3: objects live under the UPLOAD_FOLDER prefix; a missing bucket fails the readiness check', async () => {
    const { storage } = s3Storage();
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('prefixed')]));
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', key.split('/')[0] as string))).toBe(true);
    const missing = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      ...S3RVER_CREDENTIALS,
      prefix: '',
      forcePathStyle: true,
    });
    await expect(missing.check()).rejects.toThrow();
  });

  // s3rver checks the access key id of a SigV4 request but not the signature itself.
  it('S3: an unknown access key is refused', async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'NOT-S3RVER',
      secretAccessKey: 'wrong',
      prefix: '',
      forcePathStyle: true,
    });
    await expect(storage.put(newStorageKey(), Readable.from([Buffer.from('x')]))).rejects.toThrow();
  });
});
