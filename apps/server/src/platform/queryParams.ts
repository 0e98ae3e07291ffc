import type { FastifyInstance } from 'fastify';
import querystring from 'fast-querystring';
import { z } from 'zod';
import { validationError } from './errors';

/**
 * The query string as the server reads it (issue 33; docs/api.md "Query parameters"). Beside the
 * spec's own form — an array or object parameter as one JSON string, `?sort={"field":"t"}` (spec §7,
 * packages/domain/src/shared/jsonParam.ts) — the standard forms OpenAPI clients send:
 *
 * - repeated keys for a list: `?ids=1&ids=2` (style form, explode; Fastify's parser already);
 * - bracketed keys for an object: `?sort[field]=t&sort[order]=asc` (style deepObject), nested and
 *   with indices for a list of objects as qs and most HTTP libraries write them:
 *   `?filters[0][field]=t&filters[0][op]=gt&filters[0][value]=5`, `filters[0][value][]=a`.
 *
 * A bracketed key becomes a nested value under its name, which the route's zod schema then checks
 * as it checks the JSON form. What the server cannot read is refused with 50001, never dropped: a
 * malformed or too deep key, one parameter given both plainly and bracketed, and a bracketed
 * parameter the route does not take (zod would strip it silently: the bug of issue 33).
 */

/** Deepest bracket nesting read: `filters[0][value][1]` is three. */
const maxDepth = 4;
/** Highest list index read (`filters[20]`…): the longest list parameter holds 20 entries. */
const maxIndex = 99;

/** What the parser found besides the values: bracketed names, and keys it could not read. */
interface QueryNotes {
  bracketed: string[];
  unreadable: string[];
}

const notesKey = Symbol('queryNotes');
type Parsed = Record<string, unknown> & { [notesKey]?: QueryNotes };

/** `name[a][0][]` → ['name', 'a', '0', ''], or null when the key is not that shape. */
function bracketPath(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) {
    return null;
  }
  const parts = [key.slice(0, open)];
  const inner = key.slice(open + 1, -1).split('][');
  for (const part of inner) {
    if (part.includes('[') || part.includes(']')) {
      return null;
    }
    parts.push(part);
  }
  return parts;
}

/** A container of the bracket form before lists are made: an object whose keys may be indices. */
type Node = { kind: 'map'; entries: Map<string, Node | string | string[]>; appended: string[] };

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

function newNode(): Node {
  return { kind: 'map', entries: new Map(), appended: [] };
}

/** Puts `value` at `path` under `node`; false when the path clashes with what is there. */
function place(node: Node, path: readonly string[], value: string | string[]): boolean {
  const [head, ...rest] = path as [string, ...string[]];
  if (forbiddenKeys.has(head)) {
    return false;
  }
  if (head === '') {
    // `name[]=a&name[]=b`: appended entries; only as the last part.
    if (rest.length > 0) {
      return false;
    }
    // Repeated (`name[]=a&name[]=b`) reaches here as one list.
    node.appended.push(...(Array.isArray(value) ? value : [value]));
    return true;
  }
  if (/^\d+$/.test(head) && Number(head) > maxIndex) {
    return false;
  }
  const existing = node.entries.get(head);
  if (rest.length === 0) {
    if (existing !== undefined) {
      return false;
    }
    node.entries.set(head, value);
    return true;
  }
  if (existing === undefined) {
    const child = newNode();
    node.entries.set(head, child);
    return place(child, rest, value);
  }
  return typeof existing === 'object' && !Array.isArray(existing) ? place(existing, rest, value) : false;
}

/** The node as a plain value: a list when its keys are all indices (in index order) or appended. */
function settle(node: Node): unknown {
  const keys = [...node.entries.keys()];
  const indexed = keys.every((key) => /^\d+$/.test(key));
  if (node.appended.length > 0 && !(indexed || keys.length === 0)) {
    return undefined;
  }
  const values = (key: string) => {
    const entry = node.entries.get(key)!;
    return typeof entry === 'object' && !Array.isArray(entry) ? settle(entry) : entry;
  };
  if (keys.length > 0 && !indexed) {
    const object: Record<string, unknown> = {};
    for (const key of keys) {
      const value = values(key);
      if (value === undefined) {
        return undefined;
      }
      object[key] = value;
    }
    return object;
  }
  const list: unknown[] = keys.sort((a, b) => Number(a) - Number(b)).map(values);
  return list.includes(undefined) ? undefined : [...list, ...node.appended];
}

/**
 * The router's query string parser: Fastify's own (fast-querystring) for plain keys, bracketed
 * keys nested under their name. Never throws; what it cannot read is noted for the check below.
 */
export function parseQuery(raw: string): Record<string, unknown> {
  if (raw.length === 0) {
    return {};
  }
  const flat = querystring.parse(raw) as Record<string, string | string[]>;
  if (!raw.includes('[') && !/%5b/i.test(raw)) {
    return flat;
  }
  // No prototype, as fast-querystring's own result: `?__proto__=…` is a key like any other.
  const result = Object.create(null) as Parsed;
  const nodes = new Map<string, Node>();
  const notes: QueryNotes = { bracketed: [], unreadable: [] };
  for (const key of Object.keys(flat)) {
    const value = flat[key];
    if (!key.includes('[') && !key.includes(']')) {
      result[key] = value;
      continue;
    }
    const path = bracketPath(key);
    if (path === null || path.length - 1 > maxDepth) {
      notes.unreadable.push(key);
      continue;
    }
    const name = path[0];
    let node = nodes.get(name);
    if (!node) {
      node = newNode();
      nodes.set(name, node);
    }
    if (!place(node, path.slice(1), value)) {
      notes.unreadable.push(key);
    }
  }
  for (const [name, node] of nodes) {
    const value = settle(node);
    if (value === undefined || name in result || forbiddenKeys.has(name)) {
      // Given both plainly and bracketed (`sort=…&sort[field]=…`), or lists and names mixed.
      notes.unreadable.push(name);
      continue;
    }
    result[name] = value;
    notes.bracketed.push(name);
  }
  Object.defineProperty(result, notesKey, { value: notes, enumerable: false });
  return result;
}

/** The top-level parameter names a route's query schema takes (every branch of a union). */
function declaredNames(schema: z.ZodType): Set<string> | null {
  let json: { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return null;
  }
  const names = new Set<string>();
  const collect = (node: unknown) => {
    if (typeof node !== 'object' || node === null) {
      return;
    }
    const value = node as typeof json;
    for (const key of Object.keys(value.properties ?? {})) {
      names.add(key);
    }
    for (const branch of [...(value.anyOf ?? []), ...(value.oneOf ?? []), ...(value.allOf ?? [])]) {
      collect(branch);
    }
  };
  collect(json);
  return names;
}

/**
 * Refuses (50001, in the caller's language) a query the parser could not read, and a bracketed
 * parameter the route's schema does not name. Before validation; cached per schema.
 */
export function registerQueryRules(app: FastifyInstance): void {
  const names = new WeakMap<object, Set<string> | null>();
  app.addHook('preValidation', async (request) => {
    const notes = (request.query as Parsed | undefined)?.[notesKey];
    if (!notes) {
      return;
    }
    const unreadable = notes.unreadable[0];
    if (unreadable !== undefined) {
      throw validationError(`query.unreadable|${unreadable}`);
    }
    const schema = request.routeOptions.schema?.querystring as z.ZodType | undefined;
    let declared: Set<string> | null = new Set();
    if (schema) {
      if (!names.has(schema)) {
        names.set(schema, declaredNames(schema));
      }
      declared = names.get(schema)!;
    }
    const stray = notes.bracketed.find((name) => declared !== null && !declared.has(name));
    if (stray !== undefined) {
      throw validationError(`query.notAccepted|${stray}`);
    }
  });
}
