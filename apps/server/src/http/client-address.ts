import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config/env.ts';

/** Whether the address `hop` steps from the server is one of our proxies. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, handed to Fastify (request.ip) and to clientAddress() alike.
 * Fastify treats a bare hop count as "trust nobody" (it cannot check the nearest peer), so a
 * count is spelled out: the nearest `hops` addresses are our proxies, the one before them the client.
 */
export function proxyTrust(setting: Config['TRUST_PROXY']): ProxyTrust | false {
  if (setting === false) return false;
  return typeof setting === 'number' ? (_address, hop) => hop < setting : proxyAddr.compile(setting);
}

/** The client's address as Fastify's request.ip gives it, for a request Fastify has not seen. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust | false): string | undefined {
  return trust ? proxyAddr(req, trust) : req.socket.remoteAddress;
}
