import http, { type IncomingHttpHeaders } from 'node:http';

/** An answer over real HTTP, shaped like Fastify's inject() answer (the bytes as they came). */
export interface HttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  rawPayload: Buffer;
  body: string;
  json<T = unknown>(): T;
}

const agent = new http.Agent({ keepAlive: true });

/**
 * A GET over a kept-alive connection, as a browser sends it: public reads kept as copies are
 * answered before Fastify (decision 137), which inject() never reaches.
 */
export function httpGet(base: string, url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const body = rawPayload.toString();
          resolve({ statusCode: res.statusCode!, headers: res.headers, rawPayload, body, json: <T>() => JSON.parse(body) as T });
        });
      })
      .on('error', reject);
  });
}
