import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parapet-env-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('has the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      admin: { username: 'admin', password: undefined },
      logLevel: 'info',
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
  });

  it('keeps a generated secret key beside the data, private, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).secretKey.equals(first)).toBe(true);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(first.toString('hex'));
  });

  it('names every bad setting', () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*SECRET_KEY/);
    }
  });

  it('takes the session lifetimes from the environment', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '2' });
    expect(config.session).toEqual({ idleMs: 5 * 60_000, absoluteMs: 2 * 3_600_000 });
  });

  it("takes the embedded event store's DuckDB settings from the environment, each a size or a count", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).duckdb).toEqual({
      memoryLimit: '256MB',
      readers: 2,
      readLimits: { maxWaiting: 256, maxWaitMs: 10_000 },
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      DUCKDB_MEMORY_LIMIT: '1GB',
      DUCKDB_READERS: '3',
      DUCKDB_READ_QUEUE: '16',
      DUCKDB_READ_WAIT_MS: '2000',
    });
    expect(set.duckdb).toEqual({ memoryLimit: '1GB', readers: 3, readLimits: { maxWaiting: 16, maxWaitMs: 2000 } });
    expect(() => loadConfig({ DATA_DIR: tempDir(), DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow(
      /DUCKDB_MEMORY_LIMIT must be a size/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DUCKDB_READERS: '0' })).toThrow(ConfigError);
  });

  it('takes the GeoIP country database from GEOIP_COUNTRY_DB, else leaves the packaged one', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).geoipCountryDb).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), GEOIP_COUNTRY_DB: 'geo/country.mmdb' }).geoipCountryDb).toBe(
      path.resolve('geo/country.mmdb'),
    );
  });

  it('takes the ISP database from GEOIP_ASN_DB, else leaves the packaged data', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).geoipAsnDb).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), GEOIP_ASN_DB: 'geo/asn.mmdb' }).geoipAsnDb).toBe(
      path.resolve('geo/asn.mmdb'),
    );
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    );
  });
});
