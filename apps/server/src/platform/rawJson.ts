import { randomBytes } from 'node:crypto';

/**
 * A JSON text put into an answer as it is, without being parsed and serialised again: the chart
 * query's raw points, which SQLite hands over as one JSON array (docs/performance.md, "Charts").
 * `stringifyWithRaw` serialises an answer holding such values.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A token no user text can guess, so a string value can never be mistaken for a placeholder. */
const nonce = randomBytes(9).toString('base64url');
// JSON.stringify writes the control character as the six characters \u0001.
const placeholder = new RegExp(`"\\\\u0001${nonce}:(\\d+)"`, 'g');

/** JSON.stringify, with every RawJson replaced by its text. */
export function stringifyWithRaw(value: unknown): string {
  const texts: string[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0001${nonce}:${texts.push(v.text) - 1}` : v));
  return texts.length === 0 ? json : json.replace(placeholder, (_match, index: string) => texts[Number(index)]);
}
