import fc from 'fast-check';
import {
  HOSTILE_STRINGS,
  WRONG_TYPES,
  boundaryNumbers,
  boundaryStrings,
  hostileNumber,
  hostileString,
  withPrototypeKey,
} from './hostile-values.js';

/** The part of a JSON schema (as the OpenAPI document writes it) the fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/**
 * Known values by field or parameter name (a real group, real ids...), so that some calls get
 * past "not found" and reach the code behind it. Read at generation time: ids may change.
 */
export type Hints = (name: string) => readonly unknown[] | undefined;

const MAX_DEPTH = 6;

/**
 * Turns the JSON schemas of an OpenAPI document into fast-check arbitraries. `valid` gives
 * values of the documented shape (bounds included); `hostile` gives a valid value with one
 * spot replaced by something hostile; `any` mixes the two.
 */
export class SchemaArbitraries {
  private readonly validCache = new Map<JsonSchema, fc.Arbitrary<unknown>>();

  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly hints: Hints,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (current.$ref) {
      const name = current.$ref.split('/').pop() ?? '';
      const target = this.components[name];
      if (!target) throw new Error(`unknown schema reference ${current.$ref}`);
      current = target;
    }
    return current;
  }

  /** A value the schema allows, or a known value for the field's name. */
  valid(schema: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const known = name ? this.hints(name) : undefined;
    const base = this.validOf(this.resolve(schema), depth);
    if (!known?.length) return base;
    return fc.oneof(
      { weight: 2, arbitrary: base },
      // Read when the value is made: the known ids change as the run deletes and remakes items.
      { weight: 3, arbitrary: fc.nat().map((i) => pick(this.hints(name!) ?? known, i)) },
    );
  }

  /** A valid value with one spot (the value itself or one field deep inside) made hostile. */
  hostile(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const leaf = this.hostileLeaf(s);
    if (depth >= MAX_DEPTH) return leaf;
    const props = Object.entries(s.properties ?? {});
    if (props.length) {
      const objectLevel = this.hostileObject(s, depth);
      const oneField = fc
        .tuple(this.validOf(s, depth), fc.integer({ min: 0, max: props.length - 1 }))
        .chain(([value, index]) => {
          const [key, sub] = props[index]!;
          return this.hostile(sub, depth + 1).map((bad) => ({ ...(value as object), [key]: bad }));
        });
      return fc.oneof(
        { weight: 5, arbitrary: oneField },
        { weight: 3, arbitrary: objectLevel },
        { weight: 1, arbitrary: leaf },
      );
    }
    if (s.items) {
      const items = s.items;
      const oneItem = fc
        .tuple(fc.array(this.validOf(this.resolve(items), depth + 1), { maxLength: 3 }), this.hostile(items, depth + 1))
        .map(([list, bad]) => [...list, bad]);
      return fc.oneof({ weight: 3, arbitrary: oneItem }, { weight: 2, arbitrary: leaf });
    }
    const options = s.anyOf ?? s.oneOf;
    if (options?.length) return fc.oneof(leaf, ...options.map((o) => this.hostile(o, depth + 1)));
    return leaf;
  }

  /** Mostly valid values, sometimes hostile ones. */
  any(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 3, arbitrary: this.valid(schema, name) }, { weight: 2, arbitrary: this.hostile(schema) });
  }

  private validOf(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const cached = this.validCache.get(s);
    if (cached) return cached;
    // Placed before building, so a schema that refers to itself stops at the depth limit.
    const arb = depth >= MAX_DEPTH ? fc.constant(s.default ?? null) : this.buildValid(s, depth);
    if (depth < MAX_DEPTH) this.validCache.set(s, arb);
    return arb;
  }

  private buildValid(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const options = s.anyOf ?? s.oneOf;
    if (options?.length) return fc.oneof(...options.map((o) => this.validOf(this.resolve(o), depth + 1)));
    if (s.allOf?.length) return this.validOf(this.resolve(s.allOf[0]!), depth + 1);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => this.buildValid({ ...s, type }, depth)));
    switch (types[0]) {
      case 'string':
        return validString(s);
      case 'integer':
        return validInteger(s);
      case 'number':
        return fc.oneof(
          fc.double({
            noNaN: true,
            noDefaultInfinity: true,
            min: s.minimum ?? s.exclusiveMinimum ?? -1e6,
            max: s.maximum ?? 1e6,
            minExcluded: s.minimum === undefined && s.exclusiveMinimum !== undefined,
          }),
          validInteger(s),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const item = s.items ? this.validOf(this.resolve(s.items), depth + 1) : fc.string({ maxLength: 8 });
        const min = s.minItems ?? 0;
        const arrays = [fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 4, 4)) })];
        // A full list now and then (the bound itself), when that is not huge.
        if (s.maxItems !== undefined && s.maxItems > 4 && s.maxItems <= 200)
          arrays.push(fc.array(item, { minLength: s.maxItems, maxLength: s.maxItems }));
        return fc.oneof(
          { weight: 9, arbitrary: arrays[0]! },
          ...arrays.slice(1).map((a) => ({ weight: 1, arbitrary: a })),
        );
      }
      case 'object':
      default:
        return this.validObject(s, depth);
    }
  }

  private validObject(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const props = s.properties ?? {};
    const keys = Object.keys(props);
    if (!keys.length) {
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const keyArb = s.propertyNames ? validString(s.propertyNames) : fc.string({ minLength: 1, maxLength: 12 });
        return fc.dictionary(keyArb, this.validOf(this.resolve(s.additionalProperties), depth + 1), { maxKeys: 4 });
      }
      return fc.constant({});
    }
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of keys) record[key] = this.valid(props[key]!, key, depth + 1);
    return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) });
  }

  /** Hostile values for the schema as a whole: wrong types, past its bounds, hostile strings. */
  private hostileLeaf(s: JsonSchema): fc.Arbitrary<unknown> {
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    const near: unknown[] = [];
    if (types.includes('string') || s.minLength !== undefined || s.maxLength !== undefined)
      near.push(...boundaryStrings(s));
    if (types.includes('integer') || types.includes('number')) near.push(...boundaryNumbers(s));
    if (s.enum?.length)
      for (const value of s.enum) if (typeof value === 'string') near.push(value.toUpperCase(), `${value} `);
    if (s.maxItems !== undefined && s.items) near.push(new Array(s.maxItems + 1).fill(s.items.default ?? 'x'));
    const arbs: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
      { weight: 3, arbitrary: hostileString() },
      { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
      { weight: 1, arbitrary: hostileNumber() },
    ];
    if (near.length) arbs.push({ weight: 4, arbitrary: fc.constantFrom(...near) });
    return fc.oneof(...arbs);
  }

  /** An object missing a required field, with an extra field, or with a prototype key. */
  private hostileObject(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const valid = this.validOf(s, depth) as fc.Arbitrary<Record<string, unknown>>;
    const required = s.required ?? [];
    const arbs: fc.Arbitrary<unknown>[] = [
      fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'))
        .map(([value, key]) => withPrototypeKey(value, key)),
      fc.tuple(valid, fc.constantFrom(...HOSTILE_STRINGS.slice(0, 20))).map(([value, key]) => ({ ...value, [key]: 1 })),
    ];
    if (required.length)
      arbs.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
          const copy = { ...value };
          delete copy[key];
          return copy;
        }),
      );
    return fc.oneof(...arbs);
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 64;
  const fit = (text: string) => (text.length > max ? text.slice(0, max) : text);
  const arbs: fc.Arbitrary<string>[] = [];
  if (s.pattern) {
    try {
      arbs.push(fc.stringMatching(new RegExp(s.pattern)).map(fit));
    } catch {
      // A pattern fast-check cannot generate from: plain strings stand in.
    }
  }
  if (!arbs.length) arbs.push(fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 24)) }));
  if (!s.pattern && s.maxLength !== undefined) arbs.push(fc.constant('v'.repeat(s.maxLength)));
  return arbs.length === 1
    ? arbs[0]!
    : fc.oneof({ weight: 6, arbitrary: arbs[0]! }, { weight: 1, arbitrary: arbs[1]! });
}

function validInteger(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : -1000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? Math.ceil(s.exclusiveMaximum) - 1 : 1_000_000);
  const small = fc.integer({ min: Math.max(min, -1000), max: Math.max(Math.max(min, -1000), Math.min(max, 1000)) });
  return fc.oneof(
    { weight: 6, arbitrary: small },
    {
      weight: 2,
      arbitrary: fc.integer({
        min: Math.max(min, Number.MIN_SAFE_INTEGER),
        max: Math.min(max, Number.MAX_SAFE_INTEGER),
      }),
    },
    { weight: 2, arbitrary: fc.constantFrom(min, max) },
  );
}

function pick<T>(values: readonly T[], index: number): T {
  return values[index % values.length]!;
}
