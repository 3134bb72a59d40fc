import path from 'node:path';
import { openSecret } from '../../lib/secret-box.js';
import type { Publisher } from '../../core/registry.js';
import { removeFiles, writeAtomically } from '../deploy/edge-files.js';
import { findCertRow } from './certs.repository.js';

/** PEM files end with a line break; uploads are stored trimmed. */
const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** Where the edge finds a certificate: by id, so a rename or a group rename moves nothing. */
const files = (edgeDir: string, id: string) => ({
  pem: path.join(edgeDir, 'certs', `${id}.pem`),
  key: path.join(edgeDir, 'certs', `${id}.key`),
});

// The edge needs the key in the clear to terminate TLS; it is written readable by the
// server's own user only, and never leaves this machine through the API.
export const certPublisher: Publisher = {
  async publish({ db, config }, id) {
    const row = await findCertRow(db, id);
    if (!row) return;
    const target = files(config.edgeDir, id);
    await writeAtomically(target.key, withNewline(openSecret(config.secretKey, row.key_sealed)), 0o600);
    await writeAtomically(target.pem, withNewline(row.pem));
  },
  async remove({ config }, id) {
    const target = files(config.edgeDir, id);
    await removeFiles(target.pem, target.key);
  },
};
