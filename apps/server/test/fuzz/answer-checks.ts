import { createRequire } from 'node:module';
import type { JsonSchema } from './openapi-arbitraries.js';

/**
 * The checks every fuzzed answer must pass: no 5xx, a status the route documents, a body
 * matching the schema documented for that status, and nothing of the server's insides.
 */

// Ajv 8 comes with Fastify (its own validator compiler); the root node_modules holds Ajv 6.
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
interface AjvLike {
  addSchema(schema: object, key?: string): void;
  compile(schema: object): Validate;
}
const Ajv2020 = (requireFromFastify('ajv/dist/2020') as { default: new (opts: object) => AjvLike }).default;

/** Stack frames, error class names, SQL and file paths: none may reach a client. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(|\n\s+at |\bat (?:file|node):/],
  // A thrown error's class and text ("TypeError: ...", Fastify's FST_ codes); the spec's own
  // "Form Error / Error: ..." message is not one.
  ['error class', /\b(?:[A-Z][a-z]+)+Error: |\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}/],
  [
    'SQL',
    /\b(?:select\s.+\sfrom|insert\s+into|update\s.+\sset|delete\s+from)\b|SQLITE_|syntax error|relation "|violates .* constraint/i,
  ],
  ['file path', /\/work\/|node_modules|\.ts:\d|\.js:\d|\/tmp\/parapet-/],
];

export function findLeak(text: string): string | undefined {
  for (const [kind, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${kind}: …${text.slice(Math.max(0, match.index - 40), match.index + 60)}…`;
  }
  return undefined;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  body?: { mediaTypes: string[]; schema: JsonSchema; required: boolean };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  /** Whether the call signs in with an ingest token (a bearer) rather than a session. */
  bearer: boolean;
}

export class SchemaValidator {
  private readonly ajv: AjvLike;
  private readonly coercing: AjvLike;
  private readonly cache = new Map<string, Validate>();

  constructor(components: Record<string, JsonSchema>) {
    const options = { strict: false, allErrors: false, validateFormats: false };
    this.ajv = new Ajv2020(options);
    this.coercing = new Ajv2020({ ...options, coerceTypes: true });
    for (const ajv of [this.ajv, this.coercing]) ajv.addSchema({ components: { schemas: components } }, 'openapi');
  }

  /** Errors of a value against a schema of the document, or undefined when it matches. */
  check(schema: JsonSchema, value: unknown, coerce = false): string | undefined {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/');
    const key = `${coerce ? 'c' : 'p'}${text}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = (coerce ? this.coercing : this.ajv).compile(JSON.parse(text) as object);
      this.cache.set(key, validate);
    }
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  }
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The problems with one answer of an operation; empty when it passes. */
export function checkAnswer(validator: SchemaValidator, op: Operation, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  const documented = op.responses[String(answer.statusCode)];
  if (!documented) problems.push(`status ${answer.statusCode} is not documented`);
  const type = String(answer.headers['content-type'] ?? '');
  const schema = documented?.content?.['application/json']?.schema;
  if (schema && type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      problems.push('the body is not JSON');
    }
    const mismatch = body === undefined ? undefined : validator.check(schema, body);
    if (mismatch) problems.push(`the body does not match its schema: ${mismatch}`);
  }
  const leak = findLeak(answer.body) ?? findLeak(JSON.stringify(answer.headers));
  if (leak) problems.push(`leak (${leak})`);
  return problems;
}
