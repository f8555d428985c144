import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Listens on a random loopback port; `close` also cuts open connections (hanging requests included). */
export async function listenOnLoopback(server: Server): Promise<{ origin: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
