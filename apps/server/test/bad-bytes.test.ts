import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_API, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';
import type { ApiClient } from './helpers/client.js';
import { PASSWORD } from './helpers/accounts.js';
import { signedInAdmin } from './helpers/admin.js';
import { storeKinds } from './helpers/stores.js';

/**
 * Walks every operation of the OpenAPI document and sends, one input at a time, a string
 * carrying a NUL byte or a lone surrogate: in each string of the JSON body, each query
 * parameter and each path parameter. PostgreSQL cannot store either, so a string that slips
 * past validation turns into a 500; every one must be refused with a 4xx instead, and where
 * the body is validated, with a code on that very field. Routes added later are walked too.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
  default?: unknown;
};
interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** The two kinds of bad string: as JSON text they survive JSON.parse; in a URL, percent-encoded. */
const BAD = [
  { name: 'NUL', json: '\u0000', url: '%00' },
  // The UTF-8-like bytes of U+D800: what a client that encodes a lone surrogate sends.
  { name: 'lone surrogate', json: '\ud800', url: '%ED%A0%80' },
] as const;

/** Good values by field or parameter name, so that only the one bad string is wrong. */
const GOOD: Record<string, unknown> = {
  groupName: 'acme',
  username: 'root',
  password: PASSWORD,
  oldPassword: PASSWORD,
  newPassword: 'Fresh-Password-55',
  email: 'probe@example.test',
  name: 'acme2',
  token: '123456',
  taskNo: '1',
  id: 'probe',
  appProfileName: 'probe.line',
  topic: 'appProfileName',
  fieldVal: 'probe',
  entity: 'member',
  entityId: 'acme/root',
};

function sample(
  doc: { components: { schemas: Record<string, JsonSchema> } },
  schema: JsonSchema,
  key?: string,
): unknown {
  if (schema.$ref) return sample(doc, doc.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {}, key);
  if (key && key in GOOD && (schema.type === 'string' || !schema.type)) return GOOD[key];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return sample(doc, options.find((o) => o.type !== 'null') ?? options[0] ?? {}, key);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(name) || name in GOOD) out[name] = sample(doc, child, name);
    }
    return out;
  }
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(doc, schema.items ?? {}, key));
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (schema.format === 'email') return 'probe@example.test';
  return 'p'.repeat(Math.max(5, schema.minLength ?? 0));
}

/** Every string leaf of a value, as a dotted path (array items by index, as zod reports them). */
function stringPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  return [];
}

function withBad(value: unknown, path: string[], bad: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
  const last = path[path.length - 1] ?? '';
  at[last] = `${String(at[last])}${bad}x`;
  return copy;
}

describe.each(storeKinds)('NUL bytes and lone surrogates on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  let doc: {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  let operations: Operation[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signedInAdmin(t);
    // A real group, so that group checks pass and the bad string goes as deep as it can.
    await admin.post(GROUP_API.groups, { name: 'acme' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, ...op })),
    );
  });
  afterAll(() => t.close());

  const urlOf = (op: Operation, bad?: { param: string; value: string }) => {
    const path = op.path
      .replace('/api', '')
      .replace(/\{(\w+)\}/g, (_, name: string) =>
        bad?.param === name ? `probe${bad.value}x` : encodeURIComponent(String(GOOD[name] ?? 'probe')),
      );
    const query = (op.parameters ?? [])
      .filter((p) => p.in === 'query' && (p.required || p.name === bad?.param))
      .map(
        (p) =>
          `${p.name}=${p.name === bad?.param ? `probe${bad.value}x` : encodeURIComponent(String(GOOD[p.name] ?? 'probe'))}`,
      );
    return query.length ? `${path}?${query.join('&')}` : path;
  };

  it('refuses a NUL in any path or query parameter with a 4xx, and never answers 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const param of (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')) {
        for (const bad of BAD) {
          const url = urlOf(op, { param: param.name, value: bad.url });
          const body = op.requestBody ? sample(doc, Object.values(op.requestBody.content)[0]?.schema ?? {}) : undefined;
          const res = await admin.call(op.method as never, url, body);
          sent++;
          // A NUL decodes to itself and must be refused. Bytes that are not UTF-8 are left
          // percent-encoded by the query parser: harmless text, which a search may look for.
          const low = bad.name === 'NUL' ? 400 : 200;
          if (res.statusCode < low || res.statusCode >= 500)
            failures.push(`${op.method} ${url} (${bad.name} in ${param.name}) → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);
  });

  it('refuses a bad string in any field of a JSON body with 400 naming the field', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const base = sample(doc, schema);
      // A body that is one text, not an object (ingest's NDJSON), has no field to name; its
      // lines are checked one by one in test/ingest.
      if (typeof base !== 'object' || base === null) continue;
      for (const path of stringPaths(base)) {
        for (const bad of BAD) {
          const label = `${op.method} ${op.path} (${bad.name} in ${path.join('.')})`;
          const res = await admin.call(op.method as never, urlOf(op), withBad(base, path, bad.json));
          sent++;
          const body = res.json() as { code: string; fields?: Record<string, string> };
          if (res.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !body.fields?.[path.join('.')])
            failures.push(`${label} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(60);
  });

  it('names the field with illegal_characters where the string is otherwise free', async () => {
    const login = await admin.post(USER_API.login, { username: 'admin\u0000', password: PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { username: 'illegal_characters' } });
    const surrogate = await admin.post(USER_API.login, { username: 'root', password: `${PASSWORD}\ud800` });
    expect(surrogate.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'illegal_characters' } });
    // A well-formed pair (an emoji) is not a lone surrogate.
    const emoji = await admin.post(USER_API.login, { username: 'root', password: `${PASSWORD}\u{1F600}` });
    expect(emoji.json().code).toBe('LOGIN_FAILED');
  });
});
