import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../env.js';
import { asnDbVersion, defaultAsnDbFiles, loadAsnTables, openAsnMmdbLookup, type AsnDbFiles } from './asn-lookup.js';
import { buildRangeMmdb, mmdbMap, mmdbText } from './mmdb-writer.js';

/**
 * The ISP database of the edge (docs/edge.md, "ISP"): nginx's GeoIP2 module reads mmdb only and
 * the registry ships the ISP data as CSV only, so the edge's file is written from the same
 * tables the console's ingest reads. Both then name a visitor's ISP alike, and a firewall rule on
 * an ISP holds at the edge for the requests the console's tester says it holds for.
 */

export const ASN_MMDB_TYPE = 'Parapet-ASN';

/** build_epoch: the package's build date (its version is 2.3.YYYYMMDDHH), so the bytes repeat. */
function epochOf(version: string): number {
  const stamp = /\.(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(version);
  return stamp ? Date.UTC(+stamp[1]!, +stamp[2]! - 1, +stamp[3]!, +stamp[4]!) / 1000 : 0;
}

/** The bytes of the ISP mmdb: each address range answers `{ autonomous_system_organization }`. */
export function buildAsnMmdb(files: AsnDbFiles = defaultAsnDbFiles()): Buffer {
  const tables = loadAsnTables(files);
  const records = tables.names.map((name) => mmdbMap({ autonomous_system_organization: mmdbText(name) }));
  const version = asnDbVersion();
  return buildRangeMmdb(tables, records, {
    databaseType: ASN_MMDB_TYPE,
    description: `AS organisations of @ip-location-db/asn ${version} (RouteViews, DB-IP, NRO; CC BY 4.0)`,
    buildEpoch: epochOf(version),
  });
}

/** Where the packaged data's mmdb lives: under DATA_DIR, named by the package's version. */
export function defaultAsnMmdbPath(dataDir: string): string {
  return path.join(dataDir, 'geo', `asn-${asnDbVersion()}.mmdb`);
}

const building = new Map<string, Promise<string>>();

/**
 * The packaged data's mmdb at `file`, written on first use (about a second) and kept: an
 * upgrade of the package gets a new name and so a new file. Written aside and renamed, so a
 * reader never sees half a file, and built once however many callers ask at once.
 */
export function ensureAsnMmdb(file: string): Promise<string> {
  if (existsSync(file)) return Promise.resolve(file);
  let pending = building.get(file);
  if (!pending) {
    pending = (async () => {
      await mkdir(path.dirname(file), { recursive: true });
      const aside = `${file}.${process.pid}.tmp`;
      await writeFile(aside, buildAsnMmdb());
      await rename(aside, file);
      return file;
    })().finally(() => building.delete(file));
    building.set(file, pending);
  }
  return pending;
}

/**
 * The ISP database a local edge reads: GEOIP_ASN_DB, or the packaged data's mmdb under DATA_DIR.
 * A GEOIP_ASN_DB that is missing or no mmdb is refused here (AsnDbError, naming it), at start,
 * rather than by nginx at every deploy.
 */
export async function edgeAsnDb(config: Config): Promise<string> {
  if (!config.geoipAsnDb) return ensureAsnMmdb(defaultAsnMmdbPath(config.dataDir));
  openAsnMmdbLookup(config.geoipAsnDb);
  return config.geoipAsnDb;
}
