import fc from 'fast-check';
import type { z } from 'zod';
import { sampleOf, type SampleOptions } from './schemaSample';

/**
 * fast-check arbitraries for a request schema (issue 12, the generated fuzz): the valid value of
 * schemaSample.ts is the base, and each generated body is wrong (or at a limit) in one place — one
 * field replaced by a value hostile to that field's own type and limits (walked from the zod
 * definition), a required field dropped, unknown keys added, or the whole body of the wrong type.
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  format?: string;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Wrappers that do not change what a value must look like. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 10; i += 1) {
    const def = defOf(current);
    if (wrappers.has(def.type)) {
      current = def.innerType as Schema;
    } else if (def.type === 'lazy') {
      current = (def.getter as () => Schema)();
    } else if (def.type === 'pipe') {
      // A preprocess (transform, then schema) reads what its output schema reads.
      current = defOf(def.in as Schema).type === 'transform' ? (def.out as Schema) : (def.in as Schema);
    } else {
      return current;
    }
  }
  return current;
}

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) {
    value = { a: value };
  }
  return value;
}

/** Text a careless or hostile client sends: unicode edge cases, injection strings, control characters. */
export const hostileTexts: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  'x\udc00',
  '\u202eevil\u202c',
  '\u200b\u200b\u200b',
  '\ufeff',
  '\u3164',
  'e\u0301\u0301\u0301',
  '😀'.repeat(30),
  '👨‍👩‍👧‍👦',
  'ﷺ'.repeat(10),
  "' OR '1'='1' --",
  '"; DROP TABLE app_user; --',
  "1; SELECT pg_sleep(5) --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '%00%0d%0aSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x10',
  '12abc',
  'true',
  'null',
];

/** Values of every wrong type; NaN and ±Infinity become `null` in JSON, 1e308 stays a number. */
export const wrongTypes: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  'text',
  '1',
  [],
  [null],
  [1, 'a', {}],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
  nested(40),
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileTexts) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(200_000)) },
);

const anyWrong: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...wrongTypes) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

function stringLimits(def: Def): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) {min = Math.max(min, check.minimum);}
    if (check.check === 'max_length' && check.maximum !== undefined) {max = Math.min(max ?? Infinity, check.maximum);}
    if (check.check === 'length_equals' && check.length !== undefined) {[min, max] = [check.length, check.length];}
  }
  return { min, max };
}

function numberLimits(def: Def): number[] {
  const limits: number[] = [];
  for (const check of checksOf(def)) {
    if ((check.check === 'greater_than' || check.check === 'less_than') && check.value !== undefined) {
      const value = Number(check.value);
      limits.push(value - 1, value, value + 1, value + 0.5);
    }
    if (check.check === 'number_format' && typeof check.minimum === 'number' && typeof check.maximum === 'number') {
      limits.push(check.minimum - 1, check.maximum + 1);
    }
  }
  return limits;
}

/**
 * Values wrong for this schema, or at its limits: wrong types always, plus what the schema's own
 * kind and checks suggest (lengths one past the maximum, numbers across a bound, other enum values,
 * lists too long or with a wrong element, objects wrong in one field).
 */
export function hostileFor(schema: Schema, options: SampleOptions, depth = 0): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const own: fc.Arbitrary<unknown>[] = [];
  switch (def.type) {
    case 'string': {
      const { min, max } = stringLimits(def);
      const lengths = [max, max === undefined ? undefined : max + 1, min > 0 ? min - 1 : undefined, 10_000].filter((n): n is number => n !== undefined);
      own.push(hostileText, fc.constantFrom(...lengths).chain((n) => fc.constantFrom('a'.repeat(n), '名'.repeat(n), '😀'.repeat(n))));
      break;
    }
    case 'number':
    case 'int':
    case 'bigint':
      own.push(fc.constantFrom(0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, '1', ' 1 ', '1e3', ...numberLimits(def)), fc.double({ noNaN: false }));
      break;
    case 'boolean':
      own.push(fc.constantFrom('true', 'false', 1, 0, 'yes', null));
      break;
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[]);
      own.push(fc.constantFrom('NOT_A_VALUE', '', ...values.map((v) => (typeof v === 'string' ? v.toUpperCase() + ' ' : String(v)))));
      break;
    }
    case 'array': {
      const element = def.element as Schema;
      const base = sampleOf(element, options);
      own.push(
        fc.constantFrom('1,2', {}, Array.from({ length: 5_000 }, () => base), [base, base, base]),
        fc.array(depth < 2 ? hostileFor(element, options, depth + 1) : anyWrong, { minLength: 1, maxLength: 3 }),
      );
      break;
    }
    case 'record':
      own.push(fc.dictionary(fc.constantFrom('__proto__', 'a', '', '😀', 'x'.repeat(300)), anyWrong, { maxKeys: 3 }), fc.constantFrom('x', []));
      break;
    case 'union':
      if (depth < 3) {
        own.push(...(def.options as Schema[]).map((option) => hostileFor(option, options, depth + 1)));
      }
      break;
    case 'object':
      if (depth < 3) {
        own.push(objectMutations(inner, def, options, depth + 1));
      }
      break;
    default:
      break;
  }
  return own.length === 0 ? anyWrong : fc.oneof({ weight: 1, arbitrary: anyWrong }, ...own.map((arbitrary) => ({ weight: 3, arbitrary })));
}

/** An object's sample wrong in one place: a field hostile, a required field missing, unknown keys, a field at its limit. */
function objectMutations(schema: Schema, def: Def, options: SampleOptions, depth: number): fc.Arbitrary<unknown> {
  const base = sampleOf(schema, options);
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  if (keys.length === 0 || !base || typeof base !== 'object' || Array.isArray(base)) {
    return anyWrong;
  }
  const record = base as Record<string, unknown>;
  const required = keys.filter((key) => !shape[key]!.safeParse(undefined).success);
  const variants: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 8,
      arbitrary: fc.constantFrom(...keys).chain((key) => hostileFor(shape[key]!, options, depth).map((value) => ({ ...record, [key]: value }))),
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom('unexpected', '__proto__', 'constructor', 'companyId', 'id', 'x'.repeat(200)), anyWrong, { minKeys: 1, maxKeys: 3 }).map((extra) => ({
        ...record,
        ...extra,
      })),
    },
  ];
  if (required.length > 0) {
    variants.push({ weight: 1, arbitrary: fc.constantFrom(...required).map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))) });
  }
  return fc.oneof(...variants);
}

/**
 * Bodies (or query values) for a route's schema: mostly wrong in one place, some valid (the
 * sample itself), some of the wrong type as a whole.
 */
export function fuzzedValues(schema: Schema | undefined, options: SampleOptions): fc.Arbitrary<unknown> {
  if (!schema) {
    return fc.oneof(fc.constant({}), anyWrong, fc.dictionary(fc.constantFrom('id', 'unexpected', '__proto__'), anyWrong, { maxKeys: 2 }));
  }
  const base = sampleOf(schema, options);
  const inner = unwrap(schema);
  const def = defOf(inner);
  const wrong = def.type === 'object' ? objectMutations(inner, def, options, 0) : hostileFor(inner, options);
  return fc.oneof({ weight: 1, arbitrary: fc.constant(base) }, { weight: 1, arbitrary: anyWrong }, { weight: 8, arbitrary: wrong });
}

/** JSON texts that are not what a JSON route expects: not JSON, numbers JSON has no word for, prototype keys, a huge string. */
export const rawBodies: readonly string[] = [
  'not json',
  '{',
  'null',
  '[]',
  '[{"id":1}]',
  '"text"',
  '{"id": NaN}',
  '{"id": 1e999}',
  '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}',
  `"${'x'.repeat(900_000)}"`,
];

/** Query strings of the same kind. */
export const rawQueries: readonly string[] = [
  '?id=%00',
  '?id=%ZZ',
  '?pageNum=-1&pageSize=1e9',
  '?id[]=1&id[]=2',
  '?id=1&id=2',
  '?__proto__[x]=1&constructor=1',
  `?keyword=${'x'.repeat(5_000)}`,
  '?id=%F0%9F%98%80&name=%E2%80%AE',
  '?itemId=1e999&deviceId=NaN',
];
