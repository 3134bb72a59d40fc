import type { Selectable } from 'kysely';
import type { CertsTable } from '../../db/schema.js';
import { enqueueDeploy } from '../../core/enqueue.js';
import { linesUsing } from '../../core/references.repository.js';
import type { DeployedKind } from '../../core/registry.js';
import { certPublisher } from './certs.publisher.js';
import { countCerts } from './certs.repository.js';

export type CertRow = Selectable<CertsTable>;

/** Certificates as a deployed kind (see docs/deployed-kinds.md). */
export const certKind: DeployedKind<CertRow, void> = {
  entity: 'cert',
  table: 'certs',
  nameColumn: 'keypairname',
  nameField: 'keypairname',
  deployingCode: 'CERT_DEPLOYING',
  quota: { limit: 'maxCertCount', count: countCerts },
  publisher: certPublisher,
  nameOf: (row) => row.keypairname,
  // What identifies it, never its key.
  auditView: (row) => ({
    keypairname: row.keypairname,
    commonName: row.common_name,
    validityEnd: row.validity_end,
    pemFileName: row.pem_file_name,
  }),
  hooks: {
    // Every line terminating TLS with it picks the new certificate up in a deployment of its own.
    async queued(trx, row) {
      for (const line of await linesUsing(trx, 'cert', row.id)) {
        await enqueueDeploy(trx, {
          groupName: line.groupName,
          entity: 'service-line',
          entityId: line.id,
          entityName: line.name,
          operation: 'publish',
        });
      }
    },
  },
};
