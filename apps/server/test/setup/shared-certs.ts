import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_CERTS_ENV, generateTestCerts } from '../helpers/certificates.js';

/**
 * Vitest global setup: one set of test certificates for the whole run, handed to the test
 * workers through the environment (they are started after this runs). The certificates are
 * read-only data to the tests, so sharing them changes nothing a test checks.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'parapet-shared-certs-'));
  const file = path.join(dir, 'certs.json');
  writeFileSync(file, JSON.stringify(generateTestCerts()));
  process.env[SHARED_CERTS_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
