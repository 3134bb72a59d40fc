import { API_PREFIX, GROUP_API, INGEST_API, SERVICE_LINE_API, type EventRecordInput } from '@parapet/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/app.js';
import type { ApiClient } from '../helpers/client.js';

/** A group on a plan, made by an admin, with one line serving these domains. */
export async function groupWithLine(
  admin: ApiClient,
  group: string,
  line: { name: string; domains: string[]; customerPackage?: string },
  plan: 'basic' | 'pro' | 'enterprise' = 'basic',
): Promise<void> {
  const made = await admin.post(GROUP_API.groups, { name: group, plan });
  if (made.statusCode !== 201) throw new Error(`group: ${made.body}`);
  await addLine(admin, group, line);
}

export async function addLine(
  admin: ApiClient,
  group: string,
  line: { name: string; domains: string[]; customerPackage?: string },
) {
  const res = await admin.post(SERVICE_LINE_API.create, {
    groupName: group,
    appProfileName: line.name,
    customerPackage: line.customerPackage ?? 'standard',
    servername: line.domains,
    origins: [{ address: '10.0.0.1' }],
  });
  if (res.statusCode !== 200) throw new Error(`line: ${res.body}`);
}

/** An ingest token made through the API. */
export async function makeToken(admin: ApiClient, name = 'edge'): Promise<string> {
  const res = await admin.post(INGEST_API.tokens, { name });
  if (res.statusCode !== 201) throw new Error(`token: ${res.body}`);
  return (res.json() as { token: string }).token;
}

let counter = 0;
/** A valid record; the req_id is new unless given. */
export const record = (over: Partial<EventRecordInput> = {}): EventRecordInput => ({
  req_id: `req-${++counter}`,
  timestamp: Date.now(),
  server_name: 'shop.example.com',
  client_ip: '10.1.2.3',
  status: 200,
  ...over,
});

export const ndjson = (lines: unknown[]): string =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');

/** POST /api/ingest/events as a shipper would: no cookie, no console header. */
export function ingest(
  t: TestApp,
  token: string | undefined,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${INGEST_API.events}`,
    headers: {
      'content-type': 'application/x-ndjson',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: body,
  });
}

/** Every stored event of a group, newest first. */
export async function storedOf(t: TestApp, groupName: string) {
  const store = await t.app.events.get();
  const page = await store.search({ groupName, from: 0, to: Number.MAX_SAFE_INTEGER, filters: [], limit: 1000 });
  return page.rows;
}
