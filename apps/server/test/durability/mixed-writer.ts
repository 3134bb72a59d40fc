import type { ApiClient } from './api-client.js';

/**
 * The writes of the crash loop and what the server acknowledged of them: creates, saves and
 * deletes of service lines, firewall rules and HTML pages, and ingest batches of unique req_ids.
 * Each slot (one entity at a time) belongs to one writer loop, so its writes are in order; a
 * write that got no answer (the kill came first) is kept as pending: either outcome is right.
 */
export type Kind = 'line' | 'rule' | 'page';
export const KINDS: Kind[] = ['line', 'rule', 'page'];

/** What one entity holds, as far as the check compares: its name, id and one content field. */
export interface Held {
  name: string;
  id: string;
  content: string;
}

export interface Slot {
  kind: Kind;
  /** Names of this slot start with it; a new generation per create keeps names unique. */
  prefix: string;
  generation: number;
  current: Held | null;
  /** The state an unanswered write would have left; undefined when every write was answered. */
  pending?: Held | null;
  /** Writes acknowledged since the last check. */
  acked: number;
}

export interface Batch {
  key: string;
  size: number;
  acked: boolean;
}

export interface WriterState {
  slots: Slot[];
  batches: Batch[];
  ingestToken: string;
  serverName: string;
  seed: number;
}

export const GROUP = 'default';
const BATCH_SIZE = 20;

/** mulberry32: the kill moments and the choice of writes follow the seed. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createSlots(loops: number, perKind: number): Slot[] {
  const slots: Slot[] = [];
  for (let loop = 0; loop < loops; loop++)
    for (const kind of KINDS)
      for (let n = 0; n < perKind; n++)
        slots.push({ kind, prefix: `${kind}${loop}x${n}g`, generation: 0, current: null, acked: 0 });
  return slots;
}

export const nameOf = (slot: Slot) =>
  slot.kind === 'line' ? `${slot.prefix}${slot.generation}.line` : `${slot.prefix}${slot.generation}`;

const contentOf = (kind: Kind, random: () => number): string => {
  const n = Math.floor(random() * 1e9);
  if (kind === 'line') return `10.${n % 200}.${(n >> 8) % 250}.${(n % 250) + 1}`;
  if (kind === 'rule') return `rule note ${n}`;
  return `<html><body><h1>Page ${n}</h1></body></html>`;
};

const lineBody = (name: string, address: string) => ({
  groupName: GROUP,
  appProfileName: name,
  customerPackage: 'standard',
  servername: [name.replace(/\.line$/, '.example.com')],
  origins: [{ address }],
});

const ok = (status: number) => status >= 200 && status < 300;
/** A save or delete refused while the item's last change deploys: nothing changed, try later. */
const isDeploying = (res: { status: number; json: unknown }) => {
  const answer = res.json as { code?: string; taskNo?: string } | null;
  // Rules and pages answer 409 …_DEPLOYING; a line answers an empty taskNo and keeps what it had.
  return (res.status === 409 && /_DEPLOYING$/.test(String(answer?.code))) || (ok(res.status) && answer?.taskNo === '');
};

/** One write on one slot: a create when it is empty, else a save (70%) or a delete. */
async function writeSlot(api: ApiClient, slot: Slot, random: () => number): Promise<void> {
  const content = contentOf(slot.kind, random);
  const current = slot.current;
  if (!current) {
    slot.generation++;
    const name = nameOf(slot);
    slot.pending = { name, id: '', content };
    const res = await create(api, slot.kind, name, content);
    if (!ok(res.status)) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.json)}`);
    slot.current = { name, id: res.id, content };
  } else if (random() < 0.7) {
    slot.pending = { ...current, content };
    const res = await save(api, slot.kind, current, content);
    if (isDeploying(res)) return refused(slot);
    if (!ok(res.status)) throw new Error(`save ${current.name}: ${res.status} ${JSON.stringify(res.json)}`);
    slot.current = { ...current, content };
  } else {
    slot.pending = null;
    const url = slot.kind === 'line' ? `/api/service-lines/${current.id}` : `/api/${pathOf(slot.kind)}/${current.id}`;
    const res = await api.send('DELETE', url);
    if (isDeploying(res)) return refused(slot);
    if (!ok(res.status)) throw new Error(`delete ${current.name}: ${res.status} ${JSON.stringify(res.json)}`);
    slot.current = null;
  }
  slot.pending = undefined;
  slot.acked++;
}

async function refused(slot: Slot): Promise<void> {
  slot.pending = undefined;
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const pathOf = (kind: Kind) => (kind === 'rule' ? 'waf-rules' : 'html-pages');

async function create(api: ApiClient, kind: Kind, name: string, content: string) {
  if (kind === 'line') {
    const res = await api.send('POST', '/api/table/rcm-app-profiles/update/create', lineBody(name, content));
    if (!ok(res.status)) return { ...res, id: '' };
    const line = await api.call<{ id: string }>('GET', `/api/groups/${GROUP}/service-lines/${name}`);
    return { ...res, id: line.id };
  }
  const body =
    kind === 'rule'
      ? { groupName: GROUP, ruleName: name, wafAction: '01', wafIp: ['203.0.113.0/24'], description: content }
      : { groupName: GROUP, htmlPageName: name, content, fileName: `${name}.html` };
  const res = await api.send('POST', `/api/${pathOf(kind)}`, body);
  return { ...res, id: ok(res.status) ? (res.json as { id: string }).id : '' };
}

async function save(api: ApiClient, kind: Kind, held: Held, content: string) {
  if (kind === 'line') {
    const line = await api.call<Record<string, unknown>>('GET', `/api/service-lines/${held.id}`);
    return api.send('POST', '/api/table/rcm-app-profiles/update/index', { ...line, origins: [{ address: content }] });
  }
  const item = await api.call<Record<string, unknown>>('GET', `/api/${pathOf(kind)}/${held.id}`);
  const body =
    kind === 'rule'
      ? { wafAction: '01', wafIp: ['203.0.113.0/24'], description: content, version: item.version }
      : { content, ridPosition: item.ridPosition, ridColor: item.ridColor, version: item.version };
  return api.send('PUT', `/api/${pathOf(kind)}/${held.id}`, body);
}

/** One ingest batch of unique req_ids; acknowledged when the answer counts every record stored. */
export async function sendBatch(api: ApiClient, state: WriterState, key: string, random: () => number): Promise<void> {
  const batch: Batch = { key, size: BATCH_SIZE, acked: false };
  state.batches.push(batch);
  const now = Date.now();
  const lines = Array.from({ length: BATCH_SIZE }, (_, i) =>
    JSON.stringify({
      req_id: `${key}-${i}`,
      timestamp: now - i,
      server_name: state.serverName,
      client_ip: `198.51.100.${Math.floor(random() * 250) + 1}`,
      status: 200,
      uri: `/crash/${i}`,
    }),
  );
  const res = await fetch(`${api.base}/api/ingest/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${state.ingestToken}`, 'content-type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  const answer = (await res.json()) as { accepted?: number; duplicates?: number };
  if (!res.ok || (answer.accepted ?? 0) + (answer.duplicates ?? 0) !== BATCH_SIZE)
    throw new Error(`ingest ${key}: ${res.status} ${JSON.stringify(answer)}`);
  batch.acked = true;
}

/**
 * Writes until the server stops answering: `loops` loops over their own slots, and one loop of
 * ingest batches. Resolves when every loop has met a dead connection; a refused write throws.
 */
export async function runWriters(
  api: ApiClient,
  state: WriterState,
  cycle: number,
  loops: number,
  random: () => number,
): Promise<void> {
  const isDead = (error: unknown) => error instanceof TypeError; // fetch failed: no answer
  const guard = async (work: () => Promise<void>) => {
    try {
      for (;;) await work();
    } catch (error) {
      if (!isDead(error)) throw error;
    }
  };
  let batchNo = 0;
  const slotLoops = Array.from({ length: loops }, (_, loop) => {
    const own = state.slots.filter((slot) => slot.prefix.slice(4).startsWith(`${loop}x`));
    return guard(() => writeSlot(api, own[Math.floor(random() * own.length)]!, random));
  });
  const ingest = guard(() => sendBatch(api, state, `c${state.seed}-${cycle}-${batchNo++}`, random));
  await Promise.all([...slotLoops, ingest]);
}
