import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Real certificates made with openssl for the tests: a self-signed one, a leaf signed by its
 * own CA (a chain), and keys of every kind the upload must tell apart.
 */
export interface TestCerts {
  leafPem: string;
  leafKey: string;
  chainPem: string;
  chainKey: string;
  otherKey: string;
  encryptedKey: string;
  noCnPem: string;
  noCnKey: string;
  badEmailPem: string;
  badEmailKey: string;
  /** Valid for January 2024 only: long expired. */
  expiredPem: string;
  expiredKey: string;
}

/** `openssl req` cannot back-date a certificate; `openssl ca` can, given this much of a CA. */
const BACKDATING_CA = [
  '[ca]',
  'default_ca = backdate',
  '[backdate]',
  'dir = .',
  'database = index.txt',
  'new_certs_dir = .',
  'serial = serial',
  'default_md = sha256',
  'policy = any',
  '[any]',
  'commonName = supplied',
  '',
].join('\n');

/**
 * The file Vitest's global setup (test/setup/shared-certs.ts) writes one set of certificates to,
 * made once per run: eight RSA keys from openssl took 3 to 6 s in each of the files that need
 * them, on two busy cores. Outside Vitest (the benches) each call makes its own.
 */
export const SHARED_CERTS_ENV = 'PARAPET_TEST_CERTS_FILE';

let shared: TestCerts | undefined;

/** Real certificates of every kind the tests need: the run's shared set, or a fresh one. */
export function makeTestCerts(): TestCerts {
  const file = process.env[SHARED_CERTS_ENV];
  if (file && existsSync(file)) return (shared ??= JSON.parse(readFileSync(file, 'utf8')) as TestCerts);
  return generateTestCerts();
}

/** openssl's arguments for a self-signed RSA certificate and its key, as `<name>.pem` and `<name>.key`. */
function selfSignedArgs(name: string, subject: string, days: number, extra: string[] = []): string[] {
  return [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    String(days),
    '-subj',
    subject,
    ...extra,
  ];
}

/** A fresh self-signed certificate for `commonName`, its `dnsNames` as subjectAltName, as PEM text. */
export function selfSignedPair(
  commonName: string,
  { dnsNames = [], days = 90 }: { dnsNames?: string[]; days?: number } = {},
): { pem: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'parapet-pair-'));
  try {
    const san = dnsNames.map((name) => `DNS:${name}`).join(',');
    const extra = san ? ['-addext', `subjectAltName=${san}`] : [];
    execFileSync('openssl', selfSignedArgs('c', `/CN=${commonName}`, days, extra), { cwd: dir, stdio: 'pipe' });
    return { pem: readFileSync(path.join(dir, 'c.pem'), 'utf8'), key: readFileSync(path.join(dir, 'c.key'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes the certificates with openssl, in a folder removed after. */
export function generateTestCerts(): TestCerts {
  const dir = mkdtempSync(path.join(tmpdir(), 'parapet-certs-'));
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const selfSigned = (name: string, subject: string, extra: string[] = []) =>
    ssl(...selfSignedArgs(name, subject, 90, extra));
  try {
    selfSigned('leaf', '/CN=shop.example.com/emailAddress=ops@example.com', [
      '-addext',
      'subjectAltName=DNS:shop.example.com,DNS:www.shop.example.com',
    ]);
    selfSigned('ca', '/CN=Parapet Test CA/O=Parapet');
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'site.key',
      '-out',
      'site.csr',
      '-subj',
      '/CN=api.example.com',
    );
    ssl(
      'x509',
      '-req',
      '-in',
      'site.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'site.pem',
      '-days',
      '30',
    );
    ssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key');
    ssl(
      'genpkey',
      '-algorithm',
      'RSA',
      '-pkeyopt',
      'rsa_keygen_bits:2048',
      '-aes-256-cbc',
      '-pass',
      'pass:secret',
      '-out',
      'encrypted.key',
    );
    selfSigned('nocn', '/O=No Common Name Ltd');
    selfSigned('bademail', '/CN=mail.example.com/emailAddress=not-an-email');
    writeFileSync(path.join(dir, 'backdate.cnf'), BACKDATING_CA);
    writeFileSync(path.join(dir, 'index.txt'), '');
    writeFileSync(path.join(dir, 'serial'), '01\n');
    ssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'expired.key',
      '-out',
      'expired.csr',
      '-subj',
      '/CN=old.example.com',
    );
    ssl(
      'ca',
      '-batch',
      '-notext',
      '-config',
      'backdate.cnf',
      '-selfsign',
      '-keyfile',
      'expired.key',
      '-in',
      'expired.csr',
      '-out',
      'expired.pem',
      '-startdate',
      '20240101000000Z',
      '-enddate',
      '20240201000000Z',
    );
    return {
      leafPem: read('leaf.pem'),
      leafKey: read('leaf.key'),
      chainPem: read('site.pem') + read('ca.pem'),
      chainKey: read('site.key'),
      otherKey: read('other.key'),
      encryptedKey: read('encrypted.key'),
      noCnPem: read('nocn.pem'),
      noCnKey: read('nocn.key'),
      badEmailPem: read('bademail.pem'),
      badEmailKey: read('bademail.key'),
      expiredPem: read('expired.pem'),
      expiredKey: read('expired.key'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
