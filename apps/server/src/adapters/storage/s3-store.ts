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
  /** Bytes per part of a streamed upload (S3's minimum is 5 MiB but for the last part). */
  partBytes?: number;
}

const PART_BYTES = 8 * 1024 * 1024;

/** Reads a stream in parts of `size` bytes (the last one shorter): one part in memory at a time. */
async function* parts(body: Readable, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const c = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    held.push(c);
    bytes += c.length;
    while (bytes >= size) {
      const all = Buffer.concat(held);
      yield all.subarray(0, size);
      held = [all.subarray(size)];
      bytes = all.length - size;
    }
  }
  if (bytes > 0 || held.length === 0) yield Buffer.concat(held);
}

/** Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, …). */
export function createS3Store(s: S3Settings): BlobStore {
  // The SDK loads on first use: it is most of a second of start-up, and many servers never store a file.
  const sdk = import('@aws-sdk/client-s3').then((aws) => ({
    aws,
    client: new aws.S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      // Plain bodies: many S3-compatible stores do not support the newer streaming checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    }),
  }));
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
    async putStream(key, body, contentType) {
      const { aws, client } = await sdk;
      const Key = objectKey(key);
      const reader = parts(body, s.partBytes ?? PART_BYTES)[Symbol.asyncIterator]();
      const first = await reader.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second = first.done ? first : await reader.next();
      if (second.done) {
        // Smaller than one part: a plain PUT.
        await client.send(new aws.PutObjectCommand({ Bucket: s.bucket, Key, Body: firstPart, ContentType: contentType }));
        return { size: firstPart.length };
      }
      const { UploadId } = await client.send(new aws.CreateMultipartUploadCommand({ Bucket: s.bucket, Key, ContentType: contentType }));
      const done: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      let size = 0;
      try {
        let part: IteratorResult<Buffer> = first;
        let next: IteratorResult<Buffer> = second;
        while (!part.done) {
          const PartNumber = done.length + 1;
          const r = await client.send(new aws.UploadPartCommand({ Bucket: s.bucket, Key, UploadId, PartNumber, Body: part.value }));
          done.push({ ETag: r.ETag, PartNumber });
          size += part.value.length;
          part = next;
          next = part.done ? part : await reader.next();
        }
        await client.send(new aws.CompleteMultipartUploadCommand({ Bucket: s.bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
      } catch (err) {
        await client.send(new aws.AbortMultipartUploadCommand({ Bucket: s.bucket, Key, UploadId })).catch(() => undefined);
        body.destroy();
        throw err;
      }
      return { size };
    },
    async get(key) {
      const { aws, client } = await sdk;
      try {
        const r = await client.send(new aws.GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
        if (!r.Body) return undefined;
        return { body: r.Body as Readable, size: r.ContentLength };
      } catch (err) {
        if (err instanceof aws.NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { aws, client } = await sdk;
      await client.send(new aws.DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    },
  };
}
