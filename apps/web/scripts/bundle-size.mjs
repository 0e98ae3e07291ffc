#!/usr/bin/env node
/**
 * Prints the gzipped JavaScript a page loads: the entry chunk, the page's lazy chunk and every
 * chunk they import statically (from dist/.vite/manifest.json). Run after `vite build`.
 *   node scripts/bundle-size.mjs [PageName[:namespace,...] ...]
 * The default measures the sign-in page (with the auth texts it loads), home and the shell.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) {
      continue;
    }
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function gzipped(keys) {
  let total = 0;
  for (const key of keys) {
    total += gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
  }
  return total;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const pages =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['LoginPage:auth', 'HomePage:home,auth', 'ConsoleLayout'];
const entryClosure = closure(entryKeys);
console.log(`entry: ${(gzipped(entryClosure) / 1024).toFixed(1)} KB gzipped JS`);
for (const spec of pages) {
  const [page, namespaces = ''] = spec.split(':');
  const locales = namespaces
    .split(',')
    .filter(Boolean)
    .map((ns) => `src/modules/${ns}/locales/zh-CN.json`);
  const keys = [...Object.keys(manifest).filter((key) => key.includes(`/${page}.`)), ...locales];
  const all = closure([...entryKeys, ...keys]);
  console.log(`${spec}: ${(gzipped(all) / 1024).toFixed(1)} KB gzipped JS (entry + page + texts, ${all.size} chunks)`);
}
