import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../test/fakes/fake-s3.ts';
import type { BlobStore } from './blob-store.ts';
import { createFilesystemStore } from './filesystem-store.ts';
import { createS3Store } from './s3-store.ts';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const stores: Array<[string, () => BlobStore]> = [
  ['filesystem', () => createFilesystemStore(mkdtempSync(path.join(os.tmpdir(), 'assay-blobs-')))],
  [
    's3',
    () =>
      createS3Store({
        bucket: 'reports-bucket',
        region: 'us-east-1',
        endpoint: s3.url,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'assay/',
        partBytes: 64 * 1024,
      }),
  ],
];

describe.each(stores)('the %s blob store', (kind, make) => {
  it('stores, reads back and deletes an object', async () => {
    const store = make();
    await store.put('reports/abc.pdf', Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    const got = await store.get('reports/abc.pdf');
    expect(got?.size).toBe(14);
    expect(await text(got!.body)).toBe('%PDF-1.7 hello');
    await store.delete('reports/abc.pdf');
    expect(await store.get('reports/abc.pdf')).toBeUndefined();
    if (kind === 's3') {
      expect(s3.requests.some((r) => r.path === '/reports-bucket/assay/reports/abc.pdf' && r.method === 'PUT')).toBe(true);
      expect(s3.requests.every((r) => r.authorization?.includes('AKIDEXAMPLE'))).toBe(true);
    }
  });

  it('stores a stream of unknown length part by part, and nothing when the stream fails', async () => {
    const store = make();
    // 300 KiB in 1 KiB chunks: several 64 KiB parts on S3, the last one short.
    const chunk = (i: number) => Buffer.alloc(1024, i % 251);
    const { size } = await store.putStream(
      'exports/big.zip',
      Readable.from(
        (function* () {
          for (let i = 0; i < 300; i++) yield chunk(i);
        })(),
      ),
      'application/zip',
    );
    expect(size).toBe(300 * 1024);
    const got = await store.get('exports/big.zip');
    expect((await buffer(got!.body)).equals(Buffer.concat(Array.from({ length: 300 }, (_, i) => chunk(i))))).toBe(true);
    if (kind === 's3')
      expect(s3.requests.filter((r) => r.path === '/reports-bucket/assay/exports/big.zip' && r.method === 'PUT').length).toBe(5);

    const small = await store.putStream('exports/small.zip', Readable.from([Buffer.from('tiny')]), 'application/zip');
    expect(small.size).toBe(4);
    expect(await text((await store.get('exports/small.zip'))!.body)).toBe('tiny');

    const failing = Readable.from(
      (async function* () {
        for (let i = 0; i < 100; i++) yield chunk(i);
        throw new Error('the source failed');
      })(),
    );
    await expect(store.putStream('exports/broken.zip', failing, 'application/zip')).rejects.toThrow(/source failed/);
    expect(await store.get('exports/broken.zip')).toBeUndefined();
    if (kind === 's3') expect(s3.uploads.size).toBe(0);
  });

  it('answers undefined for a missing object and refuses keys that could escape', async () => {
    const store = make();
    expect(await store.get('reports/missing.pdf')).toBeUndefined();
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});
