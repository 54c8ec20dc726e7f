import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertStorageKey,
  MeteringStream,
  StoredFileMissingError,
  type FileStorage,
  type StoredFile,
} from './file-storage';

export interface S3StorageOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com, http://minio:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  /** Empty: the SDK's default credential chain (environment, instance or task role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix of every object (UPLOAD_FOLDER), e.g. `uploads` → `uploads/3f/3f2c…`. */
  prefix: string;
  /** Path-style addresses (`endpoint/bucket/key`): what most S3-compatible servers expect. */
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket, for several app instances behind a load balancer. Uploads are
 * streamed in 8 MB parts (multipart upload; at most 4 parts in flight, so memory stays bounded whatever
 * the file size); a failed upload is aborted, leaving no object behind.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums (and aws-chunked bodies) to every request by default, which several
    // S3-compatible servers reject or store verbatim. The SHA-256 of every file is computed here anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };

  async function remove(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
  }

  return {
    client,

    async put(key, body): Promise<StoredFile> {
      const meter = new MeteringStream();
      const source = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: objectKey(key), Body: source },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
        leavePartsOnError: false,
      });
      // Both must settle: the source pipeline (which can fail on the client's side) and the upload.
      const uploading = upload.done();
      try {
        await Promise.all([pipeline(body, meter, source), uploading]);
      } catch (error) {
        source.destroy();
        await upload.abort().catch(() => undefined);
        await uploading.catch(() => undefined);
        // A single-part upload may have completed before the source failed: remove it.
        await remove(key).catch(() => undefined);
        throw error;
      }
      return meter.result();
    },

    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!(response.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return response.Body;
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        ) {
          throw new StoredFileMissingError(key);
        }
        throw error;
      }
    },

    delete: remove,

    async check() {
      // Readiness is polled often (load balancers): a HEAD, not a write per poll.
      await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
    },
  };
}
