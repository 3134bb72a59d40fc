import net from 'node:net';
import tls from 'node:tls';

/**
 * An HTTP/1.1 request written byte for byte, for the conformance replay: Node's client upper-cases
 * the method and adds headers of its own, and a replay must send what the case says.
 */
export interface RawRequest {
  port: number;
  https: boolean;
  /** The Host header and the TLS server name. */
  host: string;
  method: string;
  /** The request target: path and query. */
  target: string;
  headers: Record<string, string>;
}

export interface RawResponse {
  status: number;
  /** By lower-case name; a repeated header joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** From the request written to the last byte read. */
  ms: number;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const end = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(raw: Buffer, ms: number): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.\d (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return { status, headers, body: body.toString('utf8'), ms };
}

/** One request on a fresh connection (`Connection: close`), the answer read to its end. */
export function rawRequest(request: RawRequest): Promise<RawResponse> {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: ${request.host}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', '', '');
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = request.https
      ? tls.connect({ host: '127.0.0.1', port: request.port, servername: request.host, rejectUnauthorized: false })
      : net.connect({ host: '127.0.0.1', port: request.port });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer for ${request.host}${request.target}`)));
    socket.once(request.https ? 'secureConnect' : 'connect', () => socket.write(lines.join('\r\n')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parse(Buffer.concat(chunks), Date.now() - started)));
  });
}
