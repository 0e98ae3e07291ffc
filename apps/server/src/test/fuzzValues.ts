import fc from 'fast-check';

/**
 * Hostile values for the generated fuzz (issue 12): wrong types, boundaries, huge and strange text,
 * unicode edge cases, numbers JSON cannot say (sent as raw text), nested objects, injection
 * strings. `mutations(base)` turns one valid body into bodies that are wrong in one place each.
 */
function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) {
    value = { a: value };
  }
  return value;
}

const edgeCases: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udc00x',
  '\u202eevil',
  '\u200b\u200b',
  '\u3164',
  '😀'.repeat(40),
  'e\u0301',
  "' OR '1'='1' --",
  '"; drop table app_user; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '%00%0d%0a',
  'NaN',
  'Infinity',
  '1e999',
  '0x10',
  '12abc',
  'true',
  [],
  {},
  [null],
  [1, 'a', {}],
  { $gt: '' },
  deep(60),
  'x'.repeat(300_000),
  Array.from({ length: 5000 }, (_, i) => i),
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...edgeCases) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) },
);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bodies wrong in one place: one field hostile (top level or one level down), one field missing, an unknown field, or the whole body replaced. */
export function mutations(base: unknown): fc.Arbitrary<unknown> {
  if (!isObject(base) || Object.keys(base).length === 0) {
    return fc.oneof(hostileValue, hostileValue.map((value) => ({ unexpected: value })));
  }
  const keys = Object.keys(base);
  const nested = keys.filter((key) => isObject(base[key]) && Object.keys(base[key]).length > 0);
  const options: fc.Arbitrary<unknown>[] = [
    fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({ ...base, [key]: value })),
    fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({ ...base, [key]: value })),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
    hostileValue.map((value) => ({ ...base, unexpected: value })),
    hostileValue,
  ];
  if (nested.length > 0) {
    options.push(
      fc.record({ key: fc.constantFrom(...nested), value: hostileValue }).chain(({ key, value }) => {
        const inner = base[key] as Record<string, unknown>;
        return fc.constantFrom(...Object.keys(inner)).map((innerKey) => ({ ...base, [key]: { ...inner, [innerKey]: value } }));
      }),
    );
  }
  return fc.oneof(...options);
}

/** JSON texts a careless or hostile client sends: not JSON, numbers JSON has no word for, prototype keys, a huge string. */
export const rawBodies = ['not json', '{', 'null', '[]', '"text"', '{"id": 1e999}', '{"id": NaN}', '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}', `"${'x'.repeat(500_000)}"`];

/** Query strings of the same kind. */
export const rawQueries = ['?id=%00', '?pageNum=-1&pageSize=1e9', '?id[]=1&id[]=2', '?id=1&id=2', '?__proto__[x]=1', `?keyword=${'x'.repeat(5000)}`, '?id=%F0%9F%98%80', '?itemId=1e999'];
