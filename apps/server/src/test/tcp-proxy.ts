import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Destroys every connection through the proxy and refuses new ones (each is closed as soon as it opens). */
  cut(): void;
  /**
   * Silences every connection through the proxy without a word (no reset, no close), as a dropped route or a
   * vanished host does: what either side sends is dropped, and new connections are accepted but never reach the
   * server. The silenced connections stay silent after `restore`, as those of a host that is gone.
   */
  blackhole(): void;
  /** Lets new connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) that a test can cut and restore, as a server
 * restart or a failover does to its clients: every open connection ends at once, new ones fail until it is back.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Each client connection with its connection to the server. */
  const pairs = new Set<[net.Socket, net.Socket]>();
  /** Reads and drops everything `socket` says from now on. */
  const silence = (socket: net.Socket) => {
    socket.unpipe();
    socket.removeAllListeners('data');
    socket.on('data', () => undefined);
  };
  let cut = false;
  let silent = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut resets both sides; what either side then says of it is expected.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) {
      client.destroy();
      return;
    }
    if (silent) {
      silence(client);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    pairs.add([client, upstream]);
    client.on('close', () => pairs.forEach((pair) => pair[0] === client && pairs.delete(pair)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    cut() {
      cut = true;
      destroyAll();
    },
    blackhole() {
      silent = true;
      for (const [client, upstream] of pairs) {
        silence(client);
        silence(upstream);
      }
      pairs.clear();
    },
    restore() {
      cut = false;
      silent = false;
    },
    async close() {
      destroyAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
