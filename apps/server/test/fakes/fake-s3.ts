import { createServer, type IncomingMessage } from 'node:http';

/** A small S3-compatible server on loopback (path-style PUT/GET/DELETE), for the S3 adapter's tests. */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: Array<{ method: string; path: string; authorization: string | undefined }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end('<Error><Code>AccessDenied</Code></Error>');
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
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
