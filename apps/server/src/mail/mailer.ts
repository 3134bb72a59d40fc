import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail goes over SMTP when SMTP_URL is set; otherwise each message is written as a complete
 * .eml file to DATA_DIR/outbox/, which an operator (or a test) can open.
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      // Time first, so a listing sorts by arrival.
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
      // Written under a name no reader takes, then renamed (atomic within a folder): a reader
      // polling the outbox never opens a message half written.
      const partial = path.join(outbox, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, path.join(outbox, name));
    },
    close: () => transport.close(),
  };
}
