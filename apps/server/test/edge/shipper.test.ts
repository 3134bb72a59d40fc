import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFile, copyFile, open, readFile, rename, stat, truncate, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogShipper, type LogShipperOptions } from '../../src/modules/edge/shipper/log-shipper.js';
import { readLineBatch } from '../../src/modules/edge/shipper/log-reader.js';
import { readShipState } from '../../src/modules/edge/shipper/ship-state.js';
import { record } from '../ingest/fixtures.js';
import {
  SERVER_NAME,
  eventually,
  logFolder,
  recordingLog,
  sorted,
  startConsole,
  writeRecords,
  type TestConsole,
} from './shipper-fixtures.js';

const FAST_RETRY = { firstMs: 20, maxMs: 100 };

describe('edge log shipper against a listening console', () => {
  let console_: TestConsole;
  let files: Awaited<ReturnType<typeof logFolder>>;
  const shippers: { stop(): Promise<void> }[] = [];
  const shipper = (over: Partial<LogShipperOptions> = {}) => {
    const made = createLogShipper({
      logFile: files.logFile,
      stateFile: files.stateFile,
      ingestUrl: console_.ingestUrl,
      token: console_.token,
      retry: FAST_RETRY,
      rotationQuietMs: 0,
      log: recordingLog(),
      ...over,
    });
    shippers.push(made);
    return made;
  };
  beforeEach(async () => {
    console_ = await startConsole();
    files = await logFolder();
  });
  afterEach(async () => {
    await Promise.all(shippers.splice(0).map((s) => s.stop()));
    await console_.close();
    await files.remove();
  });

  it('brings lines written to the log into the event store within about flushMs', async () => {
    const running = shipper({ flushMs: 50 });
    running.start();
    const ids = await writeRecords(files.logFile, 5);
    await eventually(async () => (await console_.storedIds()).length === 5, 2000);
    expect(await console_.storedIds()).toEqual(sorted(ids));
    const more = await writeRecords(files.logFile, 3);
    await eventually(async () => (await console_.storedIds()).length === 8, 2000);
    expect(await console_.storedIds()).toEqual(sorted([...ids, ...more]));
    expect(console_.postedLines()).toBe(8);
  });

  it('resumes after a restart from the saved position: nothing resent, nothing lost', async () => {
    const first = await writeRecords(files.logFile, 30);
    const a = shipper();
    expect(await a.shipOnce()).toBe(30);
    await a.stop();
    const { size } = await stat(files.logFile, { bigint: true });
    const saved = await readShipState(files.stateFile);
    expect(saved).toMatchObject({ offset: Number(size) });

    const second = await writeRecords(files.logFile, 20);
    const b = shipper();
    expect(await b.shipOnce()).toBe(20);
    expect(await console_.storedIds()).toEqual(sorted([...first, ...second]));
    expect(console_.postedLines()).toBe(50);
  });

  it('after a crash that lost the last saved position, resends and the store keeps each req_id once', async () => {
    const first = await writeRecords(files.logFile, 10);
    const a = shipper();
    await a.shipOnce();
    await copyFile(files.stateFile, `${files.stateFile}.old`);
    const second = await writeRecords(files.logFile, 10);
    await a.shipOnce();
    await a.stop();
    // The crash: the position of the second batch never reached the disk.
    await rename(`${files.stateFile}.old`, files.stateFile);
    expect(await shipper().shipOnce()).toBe(10);
    expect(console_.postedLines()).toBe(30);
    expect(await console_.storedIds()).toEqual(sorted([...first, ...second]));
  });

  it('stop() sends what is complete before it returns', async () => {
    const running = shipper({ flushMs: 60_000 });
    running.start();
    // Passes run one at a time, so this one ends after the loop's first: the loop now waits a minute.
    expect(await running.shipOnce()).toBe(0);
    const ids = await writeRecords(files.logFile, 4);
    await running.stop();
    expect(await console_.storedIds()).toEqual(sorted(ids));
  });

  it('keeps lines while the console is down and delivers them when it is back', async () => {
    const log = recordingLog();
    const running = shipper({ flushMs: 20, log });
    running.start();
    const before = await writeRecords(files.logFile, 10);
    await eventually(async () => (await console_.storedIds()).length === 10, 2000);
    await console_.down();
    const during = await writeRecords(files.logFile, 10);
    // Long enough for several refused attempts at the capped backoff.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log.warnings.filter((w) => /failed \(fetch failed/.test(w)).length).toBeGreaterThanOrEqual(2);
    await console_.up();
    await eventually(async () => (await console_.storedIds()).length === 20, 3000);
    expect(await console_.storedIds()).toEqual(sorted([...before, ...during]));
    expect(console_.postedLines()).toBeGreaterThanOrEqual(20);
  });

  it('holds a partial last line until its newline is written', async () => {
    const ids = await writeRecords(files.logFile, 2);
    const line = JSON.stringify(record({ req_id: 'late', server_name: SERVER_NAME }));
    await appendFile(files.logFile, line.slice(0, 20));
    const s = shipper();
    expect(await s.shipOnce()).toBe(2);
    expect(await s.shipOnce()).toBe(0);
    await appendFile(files.logFile, `${line.slice(20)}\n`);
    expect(await s.shipOnce()).toBe(1);
    expect(await console_.storedIds()).toEqual(sorted([...ids, 'late']));
  });

  it('finishes the renamed file, then reads the new one from its start', async () => {
    const s = shipper();
    const shipped = await writeRecords(files.logFile, 5, 'old');
    expect(await s.shipOnce()).toBe(5);
    const unsent = await writeRecords(files.logFile, 3, 'old');
    await rename(files.logFile, `${files.logFile}.1`);
    // nginx writes to the renamed file until it reopens its log.
    const late = await writeRecords(`${files.logFile}.1`, 1, 'old');
    const fresh = await writeRecords(files.logFile, 4, 'new');
    expect(await s.shipOnce()).toBe(8);
    expect(await console_.storedIds()).toEqual(sorted([...shipped, ...unsent, ...late, ...fresh]));
    const { ino } = await stat(files.logFile, { bigint: true });
    expect(await readShipState(files.stateFile)).toMatchObject({ ino: String(ino) });
  });

  it('after a rotation, stays on the old file until it has been quiet for rotationQuietMs', async () => {
    const s = shipper({ rotationQuietMs: 200 });
    const shipped = await writeRecords(files.logFile, 2, 'old');
    expect(await s.shipOnce()).toBe(2);
    await rename(files.logFile, `${files.logFile}.1`);
    // logrotate's `create` made the new file before nginx reopened its log.
    const fresh = await writeRecords(files.logFile, 3, 'new');
    expect(await s.shipOnce()).toBe(0);
    const late = await writeRecords(`${files.logFile}.1`, 2, 'old');
    expect(await s.shipOnce()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await s.shipOnce()).toBe(3);
    expect(await console_.storedIds()).toEqual(sorted([...shipped, ...late, ...fresh]));
  });

  it('after a rotation while it was stopped, sends the rest of <log>.1 before the new log', async () => {
    const a = shipper();
    await writeRecords(files.logFile, 3);
    await a.shipOnce();
    await a.stop();
    const unsent = await writeRecords(files.logFile, 2);
    await rename(files.logFile, `${files.logFile}.1`);
    const fresh = await writeRecords(files.logFile, 2);
    expect(await shipper().shipOnce()).toBe(4);
    expect(console_.postedLines()).toBe(7);
    expect(await console_.storedIds()).toEqual(expect.arrayContaining([...unsent, ...fresh]));
  });

  it('reads a truncated file from its start', async () => {
    const s = shipper();
    const before = await writeRecords(files.logFile, 5);
    expect(await s.shipOnce()).toBe(5);
    await truncate(files.logFile, 0);
    const after = await writeRecords(files.logFile, 2);
    expect(await s.shipOnce()).toBe(2);
    expect(await console_.storedIds()).toEqual(sorted([...before, ...after]));
  });

  it('skips blank lines, sends a bad line once and logs it as rejected', async () => {
    const log = recordingLog();
    const s = shipper({ log });
    const good = JSON.stringify(record({ req_id: 'good', server_name: SERVER_NAME }));
    await writeFile(files.logFile, `\n${good}\n   \nnot json\n\n`);
    expect(await s.shipOnce()).toBe(2);
    expect(await s.shipOnce()).toBe(0);
    expect(log.warnings).toEqual([
      expect.stringMatching(/rejected 1 of 2 line\(s\).*first at byte \d+ \(invalid_json\)/),
    ]);
    expect(await console_.storedIds()).toEqual(['good']);
    expect(await readShipState(files.stateFile)).toMatchObject({ offset: (await stat(files.logFile)).size });
  });

  it('with a refused token keeps the lines and retries; nothing is passed over', async () => {
    const log = recordingLog();
    const ids = await writeRecords(files.logFile, 3);
    const refused = shipper({ token: 'ppi_not-a-token', log, flushMs: 20 });
    refused.start();
    await eventually(async () => log.warnings.length >= 2, 2000);
    await refused.stop();
    expect(log.warnings[0]).toMatch(/HTTP 401/);
    expect(await readShipState(files.stateFile)).toBeUndefined();
    expect(await shipper().shipOnce()).toBe(3);
    expect(await console_.storedIds()).toEqual(sorted(ids));
  });
});

describe('edge log shipper on a console that refuses large batches (413)', () => {
  let server: Server;
  const received: string[][] = [];
  beforeEach(async () => {
    received.length = 0;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const lines = Buffer.concat(chunks).toString('utf8').split('\n');
        if (lines.length > 2) {
          res.writeHead(413).end();
          return;
        }
        received.push(lines);
        const answer = { accepted: lines.length, duplicates: 0, unknownServerName: 0, rejected: [], rejectedCount: 0 };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('splits a refused batch until the console takes it, sending each line once', async () => {
    const files = await logFolder();
    try {
      const ids = await writeRecords(files.logFile, 5);
      const s = createLogShipper({
        logFile: files.logFile,
        stateFile: files.stateFile,
        ingestUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ingest/events`,
        token: 'ppi_test',
        log: recordingLog(),
      });
      expect(await s.shipOnce()).toBe(5);
      await s.stop();
      const sent = received.flat().map((line) => (JSON.parse(line) as { req_id: string }).req_id);
      expect(sent).toEqual(ids);
    } finally {
      await files.remove();
    }
  });
});

describe('readLineBatch', () => {
  it('stops at the line and byte limits it is given and leaves an unfinished line', async () => {
    const files = await logFolder();
    try {
      await writeFile(files.logFile, 'aaaa\n\nbbbb\ncccc\ndddddddddddddddddddd\neeee\nfff');
      const handle = await open(files.logFile, 'r');
      try {
        const byLines = await readLineBatch(handle, 0, { maxLines: 2, maxBytes: 1000 });
        expect(byLines.lines.map((l) => l.text.toString())).toEqual(['aaaa', 'bbbb']);
        expect(byLines).toMatchObject({ end: 11, bytes: 9 });
        const byBytes = await readLineBatch(handle, byLines.end, { maxLines: 10, maxBytes: 12 });
        // dddd… is longer than a batch can ever be: passed over and counted.
        expect(byBytes.lines.map((l) => l.text.toString())).toEqual(['cccc', 'eeee']);
        expect(byBytes).toMatchObject({ oversized: 1, end: (await readFile(files.logFile)).length - 3 });
        expect((await readLineBatch(handle, byBytes.end, { maxLines: 10, maxBytes: 12 })).lines).toEqual([]);
      } finally {
        await handle.close();
      }
    } finally {
      await files.remove();
    }
  });
});
