import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, for tests of an outage without touching the cluster others
 * share: `cut()` resets every connection through it and refuses new ones (the database "gone":
 * ECONNRESET, then ECONNREFUSED), `restore()` listens again on the same port.
 */
export const tcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  let server: net.Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        server = srv;
        resolve((srv.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const srv = server;
    server = undefined;
    for (const s of sockets) s.resetAndDestroy();
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  };
  return {
    port,
    /** `url` with its host and port replaced by the proxy's. */
    through: (url: string) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.href;
    },
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
};

/** Host and port of a PostgreSQL URL. */
export const hostOf = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
};
