import { dataItemLimits, recordColumns } from './dataItemLimits';
import { fieldNamePattern } from './fields';

/**
 * A field key (the Latin identifier of a field in record values) suggested from the field's
 * display name, so nobody has to type `field1` by hand. `toLatin` turns the name's non-Latin
 * script into Latin words (the web passes pinyin for Chinese); the rest is plain:
 * lowercase ASCII, words joined by underscores, starting with a letter, at most 32 characters,
 * never a record column, and unique (case-insensitive) among `taken` by a `_2`, `_3`… suffix.
 * A name with nothing usable gives the next free `fieldN`. The result always passes
 * fieldNameSchema; the user can still edit it.
 */
export function fieldKeyFromName(name: string, taken: Iterable<string>, toLatin: (text: string) => string = (text) => text): string {
  const used = new Set([...taken].map((key) => key.toLowerCase()));
  const reserved = new Set<string>(recordColumns.map((column) => column.toLowerCase()));
  const base = latinWords(toLatin(name));
  if (base === '') {
    return nextFieldKey(used);
  }
  const max = dataItemLimits.fieldNameLength;
  let candidate = base;
  for (let n = 2; used.has(candidate) || reserved.has(candidate) || !fieldNamePattern.test(candidate); n += 1) {
    const suffix = `_${n}`;
    candidate = `${base.slice(0, max - suffix.length).replace(/_+$/, '')}${suffix}`;
  }
  return candidate;
}

/** The first `fieldN` (N from 1) not in `used` (lowercase keys). */
export function nextFieldKey(used: ReadonlySet<string>): string {
  let n = 1;
  while (used.has(`field${n}`)) {
    n += 1;
  }
  return `field${n}`;
}

/** Lowercase ASCII words joined by `_`, starting with a letter, cut to the key length. */
function latinWords(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let key = words.join('_');
  if (key !== '' && !/^[a-z]/.test(key)) {
    key = `f_${key}`;
  }
  return key.slice(0, dataItemLimits.fieldNameLength).replace(/_+$/, '');
}
