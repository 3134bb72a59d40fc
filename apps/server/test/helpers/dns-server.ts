import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A small authoritative DNS server on loopback for Check CNAME tests: it answers CNAME
 * questions from a table, NOERROR with no answer for a name it knows without a CNAME, and
 * NXDOMAIN for any other name. Only what the resolver asks is implemented (RFC 1035 §4).
 */
export interface TestDns {
  /** `127.0.0.1:<port>`, for DNS_RESOLVERS. */
  address: string;
  close(): Promise<void>;
}

const TYPE_CNAME = 5;
const CLASS_IN = 1;

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** The question's name, and where the question section ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (message[at] !== 0) {
    const length = message[at] ?? 0;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += length + 1;
  }
  const type = message.readUInt16BE(at + 1);
  return { name: labels.join('.').toLowerCase(), type, end: at + 5 };
}

export async function startTestDns(records: Record<string, { cname?: string }>): Promise<TestDns> {
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const question = readQuestion(message);
    const record = records[question.name];
    const cname = record?.cname && question.type === TYPE_CNAME ? record.cname : undefined;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    // Response, authoritative, recursion desired and available; NXDOMAIN for unknown names.
    header.writeUInt16BE(0x8580 | (record ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(cname ? 1 : 0, 6);
    const parts: Buffer[] = [header, Buffer.from(message.subarray(12, question.end))];
    if (cname) {
      const data = encodeName(cname);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0);
      fixed.writeUInt16BE(TYPE_CNAME, 2);
      fixed.writeUInt16BE(CLASS_IN, 4);
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(data.length, 10);
      parts.push(fixed, data);
    }
    socket.send(Buffer.concat(parts), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, close: () => new Promise((resolve) => socket.close(() => resolve())) };
}
