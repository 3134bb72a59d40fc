import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  DEFAULT_CACHED_EXTENSIONS,
  DEFAULT_NONCACHE_PATH,
  serviceLineSettingsSchema,
  type ServiceLineSettings,
} from '@parapet/shared';
import type { Database, ServiceLinesTable } from '../../db/schema.js';
import { findItemIdByName } from '../../core/items.repository.js';
import { setReferences } from '../../core/references.repository.js';
import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeAtomically, writeRecord } from '../deploy/edge-files.js';
import { purgeCache } from '../edge/purge.js';
import { findWafRulesByName } from '../waf-rules/waf-rules.repository.js';
import { deleteLineRow, findLineRow } from './service-lines.repository.js';

const file = (id: string) => `service-lines/${id}.json`;
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The id of a named item of the group, as the edge files are named by id. */
async function idOf(
  db: Kysely<Database>,
  table: 'certs' | 'html_pages' | 'origin_policies',
  column: 'keypairname' | 'html_page_name' | 'policy_name',
  group: string,
  name: string,
): Promise<string | null> {
  return (await findItemIdByName(db, table, column, group, name)) ?? null;
}

/** The removal itself, run by the deploy task once the edge has dropped the line. */
async function dropLine(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findLineRow(trx, id);
    if (!row) return;
    await setReferences(trx, { groupName: row.group_name, entity: 'service-line', id, name: row.app_profile_name }, []);
    await deleteLineRow(trx, id);
  });
}

/**
 * A line's complete edge configuration: listeners, TLS, where requests go, the error page,
 * every advanced and cache setting, and its rules in order. Other items are referred to by
 * their edge files (relative to the edge folder), which their own tasks keep current.
 */
export async function renderLineConfig(
  db: Kysely<Database>,
  row: Pick<ServiceLinesTable, 'id' | 'group_name' | 'app_profile_name' | 'cnameto' | 'settings'> & { version: number },
) {
  const s: ServiceLineSettings = serviceLineSettingsSchema.parse(JSON.parse(row.settings));
  const group = row.group_name;
  const http = s.scheme.includes('http');
  const https = s.scheme.includes('https');
  const certId =
    https && !s.useSystemCert && s.keypairname ? await idOf(db, 'certs', 'keypairname', group, s.keypairname) : null;
  const pageId = await idOf(db, 'html_pages', 'html_page_name', group, s.errorHtmlPageName);
  const byRegion: Record<string, string | null> = {};
  if (s.useOriginPolicy) {
    for (const rowOfPolicy of s.usedOriginPolicies) {
      const policyId = await idOf(db, 'origin_policies', 'policy_name', group, rowOfPolicy.originPolicyName);
      for (const region of rowOfPolicy.regionName)
        byRegion[region] = policyId ? `origin-policies/${policyId}.json` : null;
    }
  }
  // In the line's order; each rule's own edge file is `waf-rules/<id>.json`.
  const rulesByName = await findWafRulesByName(
    db,
    group,
    s.usedWafRules.map((rule) => rule.value),
  );
  const wafRules = s.usedWafRules.map((rule) => ({
    id: rulesByName.get(rule.value)?.id ?? null,
    name: rule.value,
    isEnabled: rule.isEnabled,
  }));
  return {
    id: row.id,
    group,
    name: row.app_profile_name,
    version: row.version,
    cname: row.cnameto,
    domains: s.servername,
    listen: { http: http ? s.httpPort : [], https: https ? s.httpsPort : [] },
    acceptHttp10: s.isAcceptHttpV1,
    tls: https
      ? certId
        ? { certificate: `certs/${certId}.pem`, key: `certs/${certId}.key` }
        : { system: true }
      : null,
    redirectHttps: http && https && s.redirecthttps ? { code: s.redirectHttpCode } : null,
    hsts: https && s.useHsts,
    upgradeInsecureRequests: s.isUpgradeInsecureRequest,
    upstream: s.useOriginPolicy
      ? { policiesByRegion: byRegion }
      : {
          scheme: s.originscheme,
          portMapping: s.portMappingType,
          // Static mapping: each visitor port is the origin's port too.
          port: s.portMappingType === 'default' ? s.originPort : null,
          servers: s.origins
            .filter((o) => o.enabled)
            .map((o) => ({ address: o.address, weight: o.weight, backup: o.backup })),
        },
    upstreamTimeoutSeconds: s.upstreamTimeout,
    upstreamHttp11: s.isEnabledUpstreamHttp11,
    upstreamCompression: s.isEnabledCompressionToOrigin,
    requestIdHeader: s.isInsertRidHeaderToOrigin ? 'rid' : null,
    hostHeader: s.setCustomHostHeader === 'on' ? s.customHostHeader : null,
    websocketPaths: lines(s.websocketPath),
    proxyBufferSizeKb: s.proxyBufferSize,
    maxUploadSizeMb: s.maxUploadSize,
    errorPage: pageId ? `html-pages/${pageId}.html` : null,
    wafRules,
    cache: {
      ignoreArgs: s.proxyCacheIgnoreArgs,
      followOrigin: { paths: lines(s.cusFollowCachePath), files: lines(s.cusFollowCacheFile) },
      paths: {
        patterns: lines(s.cusCachepath),
        force: lines(s.forceCusCachePath),
        browser: s.cusCachepathExp,
        edge: s.cusCachepathSrvexp,
        minUses: s.cusCachepathHottime,
      },
      files: {
        patterns: lines(s.cusCachefile),
        force: lines(s.forceCusCacheFile),
        browser: s.cusCachefileExp,
        edge: s.cusCachefileSrvexp,
        minUses: s.cusCachefileHottime,
      },
      never: { paths: lines(s.cusNoncachepath), files: lines(s.cusNoncachefile) },
      defaults: {
        files: DEFAULT_CACHED_EXTENSIONS,
        noncachePath: DEFAULT_NONCACHE_PATH,
        browser: s.defCachefileExp,
        edge: s.defCachefileSrvexp,
        minUses: s.defCachefileHottime,
      },
    },
  };
}

export const serviceLinePublisher: Publisher = {
  async publish({ db, edge }, id) {
    const row = await findLineRow(db, id);
    if (!row) return;
    writeRecord(edge, file(id), `${JSON.stringify(await renderLineConfig(db, row), null, 2)}\n`);
  },
  async remove({ db, edge, afterApply }, id) {
    removeRecords(edge, file(id));
    // The row goes once the edge no longer serves the line, so a refused change keeps both.
    afterApply.push(() => dropLine(db, id));
  },
  async purge({ db, config }, id, payload, taskNo) {
    const row = await findLineRow(db, id);
    if (!row) return;
    const request = (payload ?? {}) as { paths?: string[]; domains?: string[] };
    const paths = request.paths ?? [];
    const domains = request.domains ?? serviceLineSettingsSchema.parse(JSON.parse(row.settings)).servername;
    // A remote edge picks purge requests up from this folder; an empty list clears everything.
    // The local edge's cache is cleared here and now.
    await purgeCache(config, id, paths);
    await writeAtomically(
      path.join(config.edgeDir, 'purge', `${taskNo}.json`),
      `${JSON.stringify({ line: id, domains, paths, everything: paths.length === 0, at: Date.now() })}\n`,
    );
  },
};
