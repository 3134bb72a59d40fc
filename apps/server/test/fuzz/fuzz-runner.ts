import fc from 'fast-check';
import type { TestApp } from '../helpers/app.js';
import { checkAnswer, SchemaValidator, type Operation } from './answer-checks.js';
import { CALLER_KINDS, FuzzFixture, type CallerKind } from './fuzz-fixture.js';
import { PAST_BODY_LIMIT } from './hostile-values.js';
import { SchemaArbitraries, type JsonSchema } from './openapi-arbitraries.js';

/** One generated call: who, which operation, its parameters and its body as sent. */
export interface FuzzCall {
  caller: CallerKind;
  op: Operation;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { text: string; contentType: string };
  bearer?: string;
}

export interface FuzzFailure {
  index: number;
  caller: CallerKind;
  request: string;
  body?: string;
  status: number;
  problems: string[];
  answer: string;
}

export interface FuzzReport {
  seed: number;
  calls: number;
  ms: number;
  byStatusClass: Record<string, number>;
  byRoute: Record<string, { calls: number; ms: number; statuses: Record<string, number> }>;
  /** Time spent putting the fixture back after calls that changed it. */
  healMs: number;
  failures: FuzzFailure[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'body' | 'parameters'> & RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface RawOperation {
  parameters?: Operation['parameters'];
  security?: Record<string, unknown>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

/** Bodies no schema describes: broken JSON, other media types, past the size limit, poisoned. */
const RAW_BODIES: { text: string; contentType: string }[] = [
  { text: '{', contentType: 'application/json' },
  { text: '', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '{"a":1,"a":2}', contentType: 'application/json' },
  { text: '\u0000', contentType: 'application/json' },
  { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { text: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { text: JSON.stringify({ x: PAST_BODY_LIMIT }), contentType: 'application/json' },
  { text: 'x=1&y=2', contentType: 'application/x-www-form-urlencoded' },
  { text: 'hello', contentType: 'text/plain' },
  { text: '<a/>', contentType: 'application/xml' },
  { text: '{}', contentType: 'application/json; charset=latin1' },
];

/** Percent-encodes any string, lone surrogates included (as the bytes a broken client sends). */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(char);
    }).join('');
  }
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === null || typeof value !== 'object'
      ? String(value)
      : JSON.stringify(value);

function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const mediaTypes = Object.keys(content);
      const first = mediaTypes[0];
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        responses: op.responses,
        bearer: (op.security ?? []).some((scheme) => 'ingestToken' in scheme),
        ...(first
          ? { body: { mediaTypes, schema: content[first]!.schema, required: op.requestBody?.required ?? false } }
          : {}),
      };
    }),
  );
}

/** Generates and sends fuzzed calls at every operation of the app's OpenAPI document. */
export class FuzzRunner {
  private operations: Operation[] = [];
  private validator!: SchemaValidator;
  private arbs!: SchemaArbitraries;
  private callArb!: fc.Arbitrary<FuzzCall>;
  readonly fixture: FuzzFixture;

  constructor(readonly t: TestApp) {
    this.fixture = new FuzzFixture(t);
  }

  async setUp(): Promise<void> {
    await this.fixture.setUp();
    const doc = (await this.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    this.operations = operationsOf(doc);
    this.validator = new SchemaValidator(doc.components.schemas);
    this.arbs = new SchemaArbitraries(doc.components.schemas, this.fixture.hint);
    this.callArb = fc.oneof(...this.operations.map((op) => this.callOf(op)));
  }

  get operationCount(): number {
    return this.operations.length;
  }

  private callOf(op: Operation): fc.Arbitrary<FuzzCall> {
    const params: Record<string, fc.Arbitrary<unknown>> = {};
    const query: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredQuery: string[] = [];
    for (const p of op.parameters) {
      if (p.in === 'path') {
        const known =
          p.name === 'id'
            ? fc.nat().map((i) => {
                const ids = this.fixture.idsFor(op.path);
                return ids[i % ids.length];
              })
            : this.arbs.valid(p.schema, p.name);
        params[p.name] = fc.oneof(
          { weight: 4, arbitrary: known },
          { weight: 1, arbitrary: this.arbs.hostile(p.schema) },
        );
      } else if (p.in === 'query') {
        query[p.name] = this.arbs.any(p.schema, p.name);
        if (p.required) requiredQuery.push(p.name);
      }
    }
    return fc.record({
      caller: fc.constantFrom(...CALLER_KINDS),
      op: fc.constant(op),
      params: fc.record(params),
      query: fc.oneof(
        { weight: 9, arbitrary: fc.record(query, { requiredKeys: requiredQuery }) },
        { weight: 1, arbitrary: fc.record(query, { requiredKeys: [] }) },
      ),
      body: this.bodyOf(op),
      bearer: op.bearer
        ? fc.oneof({ weight: 4, arbitrary: fc.constant('known') }, fc.constantFrom(undefined, 'not-a-token', ''))
        : fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, fc.constantFrom('known', 'not-a-token')),
    }) as fc.Arbitrary<FuzzCall>;
  }

  private bodyOf(op: Operation): fc.Arbitrary<FuzzCall['body']> {
    const raw = fc.constantFrom(...RAW_BODIES);
    const body = op.body;
    if (!body) return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: raw });
    const resolved = this.arbs.resolve(body.schema);
    if (resolved.type === 'string') {
      // A stream of records (the ingest call): NDJSON lines of the record schema, good and bad.
      const record = this.arbs.any({ $ref: '#/components/schemas/EventRecord' });
      const ndjson = fc.array(record, { maxLength: 6 }).map((lines) => ({
        text: lines.map((line) => JSON.stringify(line) ?? '').join('\n'),
        contentType: body.mediaTypes[0]!,
      }));
      return fc.oneof({ weight: 8, arbitrary: ndjson }, { weight: 1, arbitrary: raw });
    }
    const json = (value: unknown) => ({ text: JSON.stringify(value) ?? '', contentType: 'application/json' });
    return fc.oneof(
      { weight: 5, arbitrary: this.arbs.valid(body.schema).map(json) },
      { weight: 4, arbitrary: this.arbs.hostile(body.schema).map(json) },
      { weight: 1, arbitrary: raw },
    );
  }

  /** The URL of a call, its path parameters and query encoded. */
  urlOf(call: FuzzCall): string {
    const path = call.op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeAny(asText(call.params[name])));
    const pairs = Object.entries(call.query).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${encodeAny(name)}=${encodeAny(asText(v))}`),
    );
    return pairs.length ? `${path}?${pairs.join('&')}` : path;
  }

  /** Why the documented schemas refuse a call, or undefined when they accept it. */
  refusal(call: FuzzCall): string | undefined {
    for (const p of call.op.parameters) {
      const source = p.in === 'path' ? call.params : p.in === 'query' ? call.query : undefined;
      if (!source) continue;
      const value = source[p.name];
      if (value === undefined) {
        if (p.required) return `${p.name} is missing`;
        continue;
      }
      // An empty query value is a parameter not given (apps/server/src/lib/query-string.ts).
      const values = (Array.isArray(value) ? value : [value]).filter((v) => p.in !== 'query' || asText(v) !== '');
      if (p.in === 'query' && !values.length) {
        if (p.required) return `${p.name} is empty`;
        continue;
      }
      if (p.in === 'path' && asText(value) === '') return `${p.name} is empty`;
      for (const v of values) {
        const why = this.validator.check(p.schema, asText(v), true);
        if (why) return `${p.in} ${p.name}: ${why}`;
      }
    }
    const body = call.op.body;
    if (!body) return undefined;
    if (!call.body) return body.required ? 'the body is missing' : undefined;
    if (!body.mediaTypes.some((type) => call.body!.contentType.startsWith(type))) return 'another media type';
    if (this.arbs.resolve(body.schema).type === 'string') return undefined;
    try {
      return this.validator.check(body.schema, JSON.parse(call.body.text));
    } catch {
      return 'the body is not JSON';
    }
  }

  /** Makes `count` calls from `seed` on, checking every answer. */
  async run(options: {
    calls: number;
    seed: number;
    onProgress?: (done: number, failures: number) => void;
  }): Promise<FuzzReport> {
    const report: FuzzReport = {
      seed: options.seed,
      calls: 0,
      ms: 0,
      healMs: 0,
      byStatusClass: {},
      byRoute: {},
      failures: [],
    };
    const started = performance.now();
    const batch = 200;
    for (let offset = 0; offset < options.calls; offset += batch) {
      const calls = fc.sample(this.callArb, {
        seed: options.seed + offset,
        numRuns: Math.min(batch, options.calls - offset),
      });
      for (const [i, call] of calls.entries()) await this.send(call, offset + i, report);
      options.onProgress?.(offset + calls.length, report.failures.length);
    }
    report.ms = performance.now() - started;
    return report;
  }

  private async send(call: FuzzCall, index: number, report: FuzzReport): Promise<void> {
    const client = this.fixture.clients[call.caller];
    const url = this.urlOf(call);
    const extra: Record<string, string> = {};
    if (call.body) extra['content-type'] = call.body.contentType;
    if (call.bearer !== undefined && call.caller !== 'anonymous')
      extra['authorization'] = `Bearer ${call.bearer === 'known' ? this.fixture.ingestToken : call.bearer}`;
    const started = performance.now();
    const res = await client.call(call.op.method as 'GET', url.slice(4), call.body?.text, extra);
    const ms = performance.now() - started;
    if (call.caller === 'anonymous') client.cookie = undefined;

    report.calls += 1;
    const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
    report.byStatusClass[statusClass] = (report.byStatusClass[statusClass] ?? 0) + 1;
    const route = (report.byRoute[`${call.op.method} ${call.op.path}`] ??= { calls: 0, ms: 0, statuses: {} });
    route.calls += 1;
    route.ms += ms;
    route.statuses[res.statusCode] = (route.statuses[res.statusCode] ?? 0) + 1;

    const problems = checkAnswer(this.validator, call.op, res);
    if (res.statusCode < 300) {
      const refused = this.refusal(call);
      if (refused) problems.push(`answered ${res.statusCode} to a call its documented schemas refuse (${refused})`);
    }
    if (problems.length)
      report.failures.push({
        index,
        caller: call.caller,
        request: `${call.op.method} ${url.slice(0, 300)}`,
        ...(call.body ? { body: `${call.body.contentType} ${call.body.text.slice(0, 600)}` } : {}),
        status: res.statusCode,
        problems,
        answer: res.body.slice(0, 600),
      });

    const mutated = call.op.method !== 'GET' || call.op.path.endsWith('/logout');
    if (mutated && res.statusCode < 300) {
      const healing = performance.now();
      await this.fixture.heal(call.op.method === 'DELETE');
      report.healMs += performance.now() - healing;
    }
  }
}

/** A failure as one readable block, with what replays it. */
export function describeFailure(seed: number, failure: FuzzFailure): string {
  return [
    `call #${failure.index} (seed ${seed}) as ${failure.caller}: ${failure.request}`,
    ...(failure.body ? [`  body: ${failure.body}`] : []),
    `  answer ${failure.status}: ${failure.answer}`,
    ...failure.problems.map((p) => `  - ${p}`),
  ].join('\n');
}
