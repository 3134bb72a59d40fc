import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IngestTally, postBatch } from '../../src/tools/simulate/ingest-client.js';

describe('the ingest client', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('says which URL it could not reach, and why (audit #9)', async () => {
    // A port nothing listens on: bound, then closed.
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const url = `http://127.0.0.1:${port}`;
    await expect(postBatch({ kind: 'ingest', url, token: 'ppi_x' }, [])).rejects.toThrow(
      new RegExp(`could not reach ${url} \\(.*ECONNREFUSED`),
    );
  });

  it("keeps the server's reasons for refused lines, and says when nothing was stored (audit #6)", () => {
    const tally = new IngestTally();
    tally.add({
      accepted: 0,
      duplicates: 0,
      unknownServerName: 0,
      rejected: [
        { line: 1, reason: 'invalid_record', fields: { timestamp: 'range_too_late' } },
        { line: 2, reason: 'invalid_record', fields: { timestamp: 'range_too_late' } },
        { line: 3, reason: 'invalid_json' },
      ],
      rejectedCount: 3,
    });
    expect(tally.toString()).toBe(
      'accepted 0, duplicates 0, unknown server name 0, rejected 3 (timestamp: range_too_late ×2; invalid_json ×1)',
    );
    expect(tally.nothingStored).toBe(true);
    tally.add({ accepted: 1, duplicates: 0, unknownServerName: 0, rejected: [], rejectedCount: 0 });
    expect(tally.nothingStored).toBe(false);
  });
});
