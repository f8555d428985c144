import { basicAuthorization, IMAGE_UPLOAD, MSG, type ImageUpload } from '@assay/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { sniffImageType } from './image-type.ts';

const ADMIN = { username: 'editor', password: 'Editor-Pass-2025' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

/** A multipart body as a browser would send it, built by the platform's own FormData. */
async function multipart(bytes: Buffer, name = 'photo.png', field: string = IMAGE_UPLOAD.field) {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}
const upload = async (bytes: Buffer, opts: { name?: string; field?: string; headers?: Record<string, string> } = {}) => {
  const { payload, type } = await multipart(bytes, opts.name, opts.field);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/images',
    headers: { ...asAdmin, ...opts.headers, 'content-type': type },
    payload,
  });
};
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return canvas[format]().toBuffer();
};

describe('image upload', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'takes a %s, stores it as WebP under its hash and serves it cached for a year',
    async (format) => {
      const res = await upload(await image(400, 300, format), { name: `a.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<ImageUpload>();
      expect(body).toMatchObject({ width: 400, height: 300 });
      expect(body.url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);

      const served = await t.app.inject({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = served.headers.etag as string;
      expect(etag).toBe(`"${body.url.slice(7, 71)}"`);
      expect(sniffImageType(served.rawPayload)).toBe('image/webp');
      expect(served.rawPayload.length).toBe(body.bytes);

      const again = await t.app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    },
  );

  it('scales a wide image down to the maximum width, keeping its proportions', async () => {
    const res = await upload(await image(3200, 1000, 'jpeg'));
    expect(res.json<ImageUpload>()).toMatchObject({ width: IMAGE_UPLOAD.maxWidth, height: 500 });
    const meta = await sharp((await t.app.inject({ method: 'GET', url: res.json<ImageUpload>().url })).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
  });

  it('refuses a file over 5 MB with 413 and a clear detail, whatever its size', async () => {
    const png = await image(10, 10, 'png');
    for (const size of [IMAGE_UPLOAD.maxBytes + 1, IMAGE_UPLOAD.maxBytes + 2 * 1024 * 1024]) {
      const big = Buffer.concat([png, Buffer.alloc(size - png.length)]);
      const res = await upload(big);
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json().detail).toBe('The image is larger than 5 MB. Choose a smaller file.');
    }
  });

  it('checks the type by the bytes, not the name: text, SVG and PDF files named .png are refused with 422', async () => {
    for (const bytes of [
      Buffer.from('hello'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7\n'),
    ]) {
      const res = await upload(bytes, { name: 'looks-fine.png' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    }
  });

  it('refuses an image whose header is right but whose body is not an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png at all')]);
    const res = await upload(fake);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/could not be read/);
  });

  it('asks for a file when there is none, or the body is not multipart', async () => {
    expect((await upload(await image(5, 5, 'png'), { field: 'other' })).json().detail).toBe('Choose an image file to upload.');
    const json = await t.app.inject({ method: 'POST', url: '/api/media/images', headers: asAdmin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
  });

  it('refuses a file name with a NUL with 422, and stores nothing', async () => {
    const { readdirSync, existsSync } = await import('node:fs');
    const dir = `${t.config.DATA_DIR}/files/media`;
    const stored = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const before = stored();
    const audited = async () => (await t.db.query(`SELECT 1 FROM operator_audit_log WHERE action = 'media.upload'`)).rows.length;
    const auditedBefore = await audited();
    // Built by hand: the name must reach the server as sent.
    const boundary = 'nul-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${IMAGE_UPLOAD.field}"; filename="pho\u0000to.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await image(30, 20, 'png'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      headers: { ...asAdmin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toBe(MSG.imageBadName);
    expect(stored()).toBe(before);
    expect(await audited()).toBe(auditedBefore);
  });

  it('is for operators only', async () => {
    const { payload, type } = await multipart(await image(5, 5, 'png'));
    const res = await t.app.inject({ method: 'POST', url: '/api/media/images', headers: { 'content-type': type }, payload });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for names that are not stored images', async () => {
    for (const url of ['/media/nothing.webp', `/media/${'a'.repeat(64)}.webp`, `/media/${'a'.repeat(64)}.png`, '/media/..%2Fsecret']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
