import { createServer, type IncomingMessage } from 'node:http';

/** A small S3-compatible server on loopback (path-style PUT/GET/DELETE and multipart uploads), for the S3 adapter's tests. */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const uploads = new Map<string, { path: string; contentType: string | undefined; parts: Map<number, Buffer> }>();
  let nextUpload = 0;
  const requests: Array<{ method: string; path: string; authorization: string | undefined }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    const uploadId = url.searchParams.get('uploadId');
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end('<Error><Code>AccessDenied</Code></Error>');
    }
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `up${++nextUpload}`;
      uploads.set(id, { path, contentType: req.headers['content-type'], parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0"?><InitiateMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end('<?xml version="1.0"?><Error><Code>NoSuchUpload</Code><Message>missing</Message></Error>');
      }
      if (req.method === 'PUT') {
        upload.parts.set(Number(url.searchParams.get('partNumber')), await read(req));
        res.writeHead(200, { etag: `"part${url.searchParams.get('partNumber')}"` });
        return res.end();
      }
      if (req.method === 'POST') {
        await read(req);
        const body = Buffer.concat([...upload.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
        objects.set(upload.path, { body, contentType: upload.contentType });
        uploads.delete(uploadId);
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          '<?xml version="1.0"?><CompleteMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>',
        );
      }
      if (req.method === 'DELETE') {
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
    }
    if (req.method === 'PUT') {
      objects.set(path, { body: await read(req), contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: '"x"' });
      return res.end();
    }
    if (req.method === 'GET') {
      const o = objects.get(path);
      if (!o) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
      }
      res.writeHead(200, { 'content-type': o.contentType ?? 'application/octet-stream', 'content-length': o.body.length });
      return res.end(o.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(405);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
