import { connect, createServer, type Socket } from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port>: the one address of the servers behind it. */
  url: string;
  /** The backends new connections go to, in turn (a load balancer's health check drops the dead). */
  setBackends(ports: number[]): void;
  /** Connections handed to each backend port so far. */
  handed: Map<number, number>;
  close(): Promise<void>;
}

/**
 * A load balancer in a few lines: each TCP connection goes to the next backend in turn and
 * stays there (sticky per connection, nothing more), as a plain L4 balancer does.
 */
export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  let backends = [...ports];
  let next = 0;
  const handed = new Map<number, number>();
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const port = backends[next++ % backends.length];
    if (port === undefined) {
      client.destroy();
      return;
    }
    handed.set(port, (handed.get(port) ?? 0) + 1);
    const upstream = connect({ host: '127.0.0.1', port });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setBackends(list) {
      backends = [...list];
    },
    handed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
