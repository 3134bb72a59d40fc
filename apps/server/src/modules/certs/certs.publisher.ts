import { openSecret } from '../../lib/secret-box.js';
import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeRecord } from '../deploy/edge-files.js';
import { findCertRow } from './certs.repository.js';

/** PEM files end with a line break; uploads are stored trimmed. */
const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** Where the edge finds a certificate: by id, so a rename or a group rename moves nothing. */
const files = (id: string) => ({ pem: `certs/${id}.pem`, key: `certs/${id}.key` });

// The edge needs the key in the clear to terminate TLS; it is written readable by the
// server's own user only, and never leaves this machine through the API.
export const certPublisher: Publisher = {
  async publish({ db, config, edge }, id) {
    const row = await findCertRow(db, id);
    if (!row) return;
    const target = files(id);
    writeRecord(edge, target.key, withNewline(openSecret(config.secretKey, row.key_sealed)), 0o600);
    writeRecord(edge, target.pem, withNewline(row.pem));
  },
  async remove({ edge }, id) {
    const target = files(id);
    removeRecords(edge, target.pem, target.key);
  },
};
