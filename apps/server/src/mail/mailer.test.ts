import { readFileSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox, tokenFrom } from '../../test/helpers/outbox.js';
import { createMailer } from './mailer.js';

describe('the outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'parapet-mail-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes one .eml per message, holding the text', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir, from: 'noreply@example.test' });
    await mailer.send({ to: 'a@example.test', subject: 'Hello', text: 'The link: http://x.test/a', html: '<p>x</p>' });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(raw).toContain('To: a@example.test');
    expect(raw).toContain('http://x.test/a');
    mailer.close();
  });

  // Seen in CI (3 Dec): a reset token read from the outbox was 11 bytes, not 32. Quoted-printable
  // wraps a long link at 76 characters, a base64url token can put "--" at the start of the next
  // line, and the outbox reader ended the text part at any line starting "--" (a MIME boundary
  // has more after it). The 29 Nov link cut at "4pJJ=" below ended at such a soft break too.
  it('gives a link back whole wherever a "--" of its token falls against the line wrap', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir, from: 'noreply@example.test' });
    const tokens = Array.from({ length: 90 }, (_, k) => `${'a'.repeat(k)}--${'b'.repeat(30)}`);
    for (const [i, token] of tokens.entries())
      await mailer.send({
        to: `user${i}@example.test`,
        subject: 'Reset',
        text: `Reset your password: http://console.example.test/reset-password/${token}\n\nThanks`,
        html: `<p><a href="http://console.example.test/reset-password/${token}">Reset</a></p>`,
      });
    mailer.close();
    const mails = readOutbox(dataDir);
    expect(mails).toHaveLength(tokens.length);
    for (const [i, token] of tokens.entries()) {
      const mail = mails.find((m) => m.to.includes(`user${i}@example.test`))!;
      expect(tokenFrom(mail, '/reset-password/'), `token ${i}`).toBe(token);
    }
  });

  // Seen in CI (29 Nov): a browser test read a reset mail while it was still being written, took a
  // link cut short ("/reset-password/4pJJ=") and the reset failed. A file under a .eml name must be
  // the whole message from the moment it appears.
  it('never shows a .eml name before the whole message is in it', async () => {
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const mailer = createMailer({ smtpUrl: undefined, dataDir, from: 'noreply@example.test' });
    // Large enough that writing it takes many writes, so a reader can come in between.
    const text = 'x'.repeat(60).concat('\n').repeat(300_000);
    const seen: number[] = [];
    const watcher = watch(outbox, (_event, name) => {
      if (typeof name !== 'string' || !name.endsWith('.eml')) return;
      try {
        // Read at once, synchronously, as a reader polling the folder would.
        seen.push(readFileSync(path.join(outbox, name)).length);
      } catch {
        // Gone again between the event and the read: not a .eml seen.
      }
    });
    try {
      await mailer.send({ to: 'big@example.test', subject: 'Big', text, html: '<p>big</p>' });
      // Let the last events of the folder arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      watcher.close();
      mailer.close();
    }
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const whole = (await readFile(path.join(outbox, files[0] ?? ''))).length;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((length) => length === whole)).toBe(true);
    // No leftover of the writing.
    expect(await readdir(outbox)).toEqual(files);
  });
});
