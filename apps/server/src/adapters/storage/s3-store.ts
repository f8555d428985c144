import type { Readable } from 'node:stream';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

/** Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, …). */
export function createS3Store(s: S3Settings): BlobStore {
  // The SDK loads on first use: it is most of a second of start-up, and many servers never store a file.
  const sdk = import('@aws-sdk/client-s3').then((aws) => ({ aws, client: new aws.S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    // Plain bodies: many S3-compatible stores do not support the newer streaming checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
  }) }));
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${s.prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { aws, client } = await sdk;
      await client.send(new aws.PutObjectCommand({ Bucket: s.bucket, Key: objectKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      const { aws, client } = await sdk;
      try {
        const r = await client.send(new aws.GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
        if (!r.Body) return undefined;
        return { body: r.Body as Readable, size: r.ContentLength };
      } catch (err) {
        if (err instanceof aws.NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { aws, client } = await sdk;
      await client.send(new aws.DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    },
  };
}
