import type { Selectable } from 'kysely';
import { serviceLineSettingsSchema, type DeployEntity, type ServiceLineSettings } from '@parapet/shared';
import type { ServiceLinesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { setReferences } from '../../core/references.repository.js';
import type { DeployedKind } from '../../core/registry.js';
import { serviceLinePublisher } from './service-lines.publisher.js';
import { countLines, setDomainDescriptions, syncLineDomains } from './service-lines.repository.js';

export type LineRow = Selectable<ServiceLinesTable>;

/** What a line's store checks found: the items it uses, and descriptions of domains it adds. */
export interface CheckedLine {
  targets: Array<{ entity: DeployEntity; id: string }>;
  descriptions?: { domains: string[]; description: string };
}

export const settingsOfLine = (row: Pick<LineRow, 'settings'>): ServiceLineSettings =>
  serviceLineSettingsSchema.parse(JSON.parse(row.settings));

/**
 * Service lines as a deployed kind (see docs/deployed-kinds.md): a change while one deploys
 * answers an empty taskNo (spec §4), a deleted line shows Deleting until the edge dropped it,
 * and each save keeps the line's domains and the items it uses in step with its settings.
 */
export const serviceLineKind: DeployedKind<LineRow, CheckedLine> = {
  entity: 'service-line',
  table: 'service_lines',
  nameColumn: 'app_profile_name',
  nameField: 'appProfileName',
  deployingCode: null,
  keptUntilRemoved: true,
  quota: { limit: 'maxAppProfileCount', count: countLines },
  publisher: serviceLinePublisher,
  nameOf: (row) => row.app_profile_name,
  auditView: (row) => ({ appProfileName: row.app_profile_name, ...settingsOfLine(row) }),
  hooks: {
    async written(trx, row, _before, checked, actor) {
      const line = { id: row.id, groupName: row.group_name };
      await syncLineDomains(trx, line, settingsOfLine(row).servername, actor);
      if (checked.descriptions)
        await setDomainDescriptions(trx, row.id, checked.descriptions.domains, checked.descriptions.description);
      await setReferences(
        trx,
        { groupName: row.group_name, entity: 'service-line', id: row.id, name: row.app_profile_name },
        checked.targets,
      );
    },
    // A domain another line took between our check and our write.
    uniqueKeys: { domain: () => new AppError('VALIDATION_FAILED', { servername: 'taken' }) },
  },
};
