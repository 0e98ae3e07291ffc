import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '@server/test/testApp';
import { fieldLabels } from './fieldLabels';

/** Every key a request schema names, nested objects and list elements included. */
function keysOf(schema: z.ZodType | undefined, into: Set<string>, depth = 0): void {
  const def = (schema as unknown as { _zod?: { def: Record<string, unknown> & { type: string } } } | undefined)?._zod?.def;
  if (!def || depth > 8) {
    return;
  }
  const walk = (inner: unknown, next = depth) => keysOf(inner as z.ZodType, into, next);
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        into.add(key);
        walk(child, depth + 1);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'array':
      walk(def.element, depth + 1);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option) => walk(option, depth + 1));
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), depth + 1);
      break;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('field labels, generated from the route table', () => {
  it('every key of every request schema has a label in both languages (a refusal names the field as the form does)', () => {
    const keys = new Set<string>();
    for (const route of t.app.routeTable) {
      keysOf(route.body, keys);
      keysOf(route.query, keys);
    }
    expect(keys.size).toBeGreaterThan(150);
    const missing = [...keys].filter((key) => !fieldLabels[key]?.['zh-CN'] || !fieldLabels[key]?.['en-US']).sort();
    expect(missing).toEqual([]);
  });
});
