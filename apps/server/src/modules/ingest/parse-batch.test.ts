import { describe, expect, it } from 'vitest';
import { INGEST_BATCH_MAX_LINES, ingestTimeBounds } from '@parapet/shared';
import { isAppError } from '../../lib/app-error.js';
import { parseBatch } from './parse-batch.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const good = (reqId: string, timestamp = NOW - 1000) =>
  JSON.stringify({ req_id: reqId, timestamp, server_name: 'a.example.com', client_ip: '10.0.0.1', status: 200 });

describe('parseBatch', () => {
  it('fills the defaults of a good line and numbers lines as an editor does', () => {
    const batch = parseBatch(['', good('a'), '\t', '{', `${good('b')}\r`].join('\n'), NOW);
    expect(batch.records.map((r) => r.req_id)).toEqual(['a', 'b']);
    expect(batch.records[0]).toMatchObject({ method: 'GET', uri: '/', cache_status: '-', server_port: null });
    expect(batch.rejected).toEqual([{ line: 4, reason: 'invalid_json' }]);
  });

  it('reads past a byte order mark, which once cost the first line as invalid JSON', () => {
    const batch = parseBatch(`\uFEFF${good('a')}\n${good('b')}`, NOW);
    expect(batch.records.map((r) => r.req_id)).toEqual(['a', 'b']);
    expect(batch.rejectedCount).toBe(0);
  });

  it('refuses a record no view could show or no purge would remove, by its line', () => {
    const { earliest, latest } = ingestTimeBounds(NOW);
    const batch = parseBatch(
      [
        good('old', earliest - 1),
        good('oldest-kept', earliest),
        good('seconds', Math.floor(NOW / 1000)),
        good('future', latest + 1),
        good('latest', latest),
      ].join('\n'),
      NOW,
    );
    expect(batch.records.map((r) => r.req_id)).toEqual(['oldest-kept', 'latest']);
    expect(batch.rejected).toEqual([
      { line: 1, reason: 'invalid_record', fields: { timestamp: 'range_too_early' } },
      { line: 3, reason: 'invalid_record', fields: { timestamp: 'range_too_early' } },
      { line: 4, reason: 'invalid_record', fields: { timestamp: 'range_too_late' } },
    ]);
  });

  it('reports every bad field of a line, not only the first', () => {
    const line = JSON.stringify({ req_id: '', timestamp: -1, server_name: 'a', client_ip: '10.0.0.1', status: 99 });
    expect(parseBatch(line).rejected[0]?.fields).toEqual({
      req_id: 'too_small',
      timestamp: 'too_small',
      status: 'too_small',
    });
  });

  it('refuses the whole batch past the record limit, counting only non-blank lines', () => {
    expect(parseBatch(`${'{}\n\n'.repeat(INGEST_BATCH_MAX_LINES)}`).rejectedCount).toBe(INGEST_BATCH_MAX_LINES);
    let error: unknown;
    try {
      parseBatch('{}\n'.repeat(INGEST_BATCH_MAX_LINES + 1));
    } catch (caught) {
      error = caught;
    }
    expect(isAppError(error) && error.code).toBe('INGEST_BATCH_TOO_LARGE');
  });
});
