import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD } from '../helpers/accounts.js';
import { readOutbox } from '../helpers/outbox.js';

/** With SMTP_URL set, account mail goes to that server (here a real SMTP server on loopback). */
describe('mail over SMTP', () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp('sqlite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Parapet <accounts@console.example.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the confirmation mail through the SMTP server and writes no outbox file', async () => {
    const res = await new ApiClient(t.app).post(USER_API.signup, {
      email: 'smtp@example.test',
      username: 'smtp-user',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp@example.test']);
    expect(received[0]?.data).toContain('From: Parapet <accounts@console.example.test>');
    expect(received[0]?.data).toContain('/api/user/confirm?');
    expect(readOutbox(t.dataDir)).toHaveLength(0);
  });
});
