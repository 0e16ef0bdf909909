import net from 'node:net';

/** A TCP server that takes connections and never says a word: a database host that is out of
 * reach without refusing (a pooler waiting for its server, packets dropped after the handshake). */
export const silentServer = async () => {
  const sockets = new Set<net.Socket>();
  let taken = 0;
  const server = net.createServer((s) => {
    taken += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    /** Connections taken so far. */
    connections: () => taken,
    url: `postgres://postgres@127.0.0.1:${port}/silent`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** A PostgreSQL address where nothing listens: every connection is refused at once. */
export const REFUSED_URL = 'postgres://postgres@127.0.0.1:1/nowhere';
