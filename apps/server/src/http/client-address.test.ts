import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust } from './client-address.ts';

/** Public reads answered before Fastify count a visitor by clientAddress(); it must be Fastify's request.ip. */
describe('the client address outside Fastify', () => {
  const settings = [false, 1, 2, ['10.0.0.0/8'], ['loopback', '192.0.2.7']] as const;
  const requests = [
    { remoteAddress: '203.0.113.5', forwarded: undefined },
    { remoteAddress: '10.0.0.2', forwarded: '198.51.100.1, 203.0.113.9' },
    { remoteAddress: '127.0.0.1', forwarded: '198.51.100.1, 192.0.2.7' },
    { remoteAddress: '192.0.2.7', forwarded: '203.0.113.9' },
    { remoteAddress: '10.1.2.3', forwarded: 'not-an-address, 10.0.0.9' },
  ];

  it.each(settings)('is request.ip with TRUST_PROXY %j', async (setting) => {
    const trust = proxyTrust(setting === false || typeof setting === 'number' ? setting : [...setting]);
    const app = Fastify({ trustProxy: trust });
    app.get('/', async (req) => ({ fastify: req.ip, ours: clientAddress(req.raw, trust) }));
    const seen = new Set<string>();
    for (const { remoteAddress, forwarded } of requests) {
      const res = await app.inject({ url: '/', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
      const { fastify, ours } = res.json<{ fastify: string; ours: string }>();
      expect(ours, `${remoteAddress} ${forwarded}`).toBe(fastify);
      seen.add(ours);
    }
    // Each setting is really exercised: the forwarded addresses are believed or not.
    expect(seen.size).toBeGreaterThan(1);
    await app.close();
  });
});
