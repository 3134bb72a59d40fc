import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';

export interface Probe {
  /** The server process whose socket made the request (null: neither of those asked about). */
  pid: number | null;
  receivedAt: number;
  answeredAt: number;
}

export interface ProbedOrigin {
  /** 127.0.0.1:<port>, as an origin policy names it. */
  address: string;
  probes: Probe[];
}

/** The inode of the loopback TCP socket from `localPort` to `remotePort`, from /proc/net/tcp. */
function socketInode(localPort: number, remotePort: number): string | undefined {
  const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1]?.endsWith(`:${hexPort(localPort)}`) && fields[2]?.endsWith(`:${hexPort(remotePort)}`))
      return fields[9];
  }
  return undefined;
}

/** Which of these processes holds the socket (Linux: its descriptor links to `socket:[inode]`). */
function ownerOf(inode: string, pids: readonly number[]): number | null {
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
        } catch {
          // The descriptor closed while we looked.
        }
      }
    } catch {
      // The process is gone.
    }
  }
  return null;
}

/**
 * Tiny HTTP origins that record every health check: when it came, when it was answered, and
 * which server process sent it. The probe names no server, so the origin looks up who holds
 * the other end of the connection (the connection is open while the request is handled).
 */
export async function startProbedOrigins(
  count: number,
  pids: () => readonly number[],
  /**
   * How long each check is held before the answer: varied widely, so the origins fall due at
   * scattered moments and no one server's ticks fall into step with all of them.
   */
  holdMs = () => 50 + Math.random() * 650,
): Promise<{ origins: ProbedOrigin[]; close(): Promise<void> }> {
  const servers: Server[] = [];
  const origins: ProbedOrigin[] = [];
  for (let i = 0; i < count; i++) {
    const origin: ProbedOrigin = { address: '', probes: [] };
    const server = createServer((req, res) => {
      const receivedAt = Date.now();
      const { localPort, remotePort } = req.socket;
      const inode = localPort && remotePort ? socketInode(remotePort, localPort) : undefined;
      const pid = inode ? ownerOf(inode, pids()) : null;
      // Held a moment, so two checks of one origin at once would overlap here.
      setTimeout(() => {
        origin.probes.push({ pid, receivedAt, answeredAt: Date.now() });
        res.end('ok');
      }, holdMs());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('origin has no port');
    origin.address = `127.0.0.1:${address.port}`;
    servers.push(server);
    origins.push(origin);
  }
  return {
    origins,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
