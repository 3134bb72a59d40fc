import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
  links: string[];
}

/** Undoes quoted-printable, which nodemailer uses for long or non-ASCII lines. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
  // The part ends at its MIME boundary, not at any line starting "--": quoted-printable wraps a
  // long link at 76 characters, and a base64url token can put "--" at the start of a line, which
  // once cut a reset link short (a flaky 11-byte token in the security baseline).
  const boundary = /boundary="?([^";\n]+)"?/i.exec(raw)?.[1];
  const head = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n/i.exec(raw);
  let textPart = head ? raw.slice(head.index + head[0].length) : '';
  const cut = boundary ? textPart.indexOf(`\n--${boundary}`) : -1;
  if (cut >= 0) textPart = textPart.slice(0, cut);
  const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(textPart) : textPart;
  return { file, raw, to: header('To'), subject: header('Subject'), text, links: text.match(/https?:\/\/\S+/g) ?? [] };
}

export function readOutbox(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parse(path.join(dir, f)));
}

/** Waits for the n-th mail to an address (mail for resets is sent after the answer). */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 5000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(dataDir).filter((m) => m.to.includes(to));
    if (mails.length >= count) return mails[count - 1] as Mail;
    if (Date.now() > until) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token at the end of the first link with this path in a mail. */
export function tokenFrom(mail: Mail, pathPart: string): string {
  const link = mail.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in:\n${mail.text}`);
  const url = new URL(link);
  return decodeURIComponent(url.searchParams.get('token') ?? url.pathname.split('/').pop() ?? '');
}
