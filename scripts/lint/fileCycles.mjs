// `smartdata/no-file-cycle`: no import cycle between files, type-only imports included.
//
// import-x/no-cycle, which this replaced, skips every type-only import by design (`import type`,
// `import { type X }`: not followed, whatever its options say), so a cycle closed by a type import
// passed it: recordWriter.ts ↔ sqliteBatchStore.ts and platform/sms.ts ↔ smsVendors.ts (issue 40),
// values one way and types the other, neither file readable or changeable without the other.
// Here every import counts: static imports and re-exports (value or type), `import()`,
// `import x = require()` and `typeof import('…')`. A file started by path (the writer thread's,
// `new Worker(…)`) is no import and no edge.
//
// Imports are resolved by TypeScript itself (ts.resolveModuleName) with the compiler options of
// the tsconfig.json nearest to the importing file, so `@server/*`, `@/*` and `@smartdata/domain`
// land where tsc puts them; packages, declaration files, CSS and JSON are no nodes. The graph is
// read from disk lazily, once per process (like smartdata/no-module-cycle); its strongly connected
// components (Tarjan) say which files share a cycle, and an import whose target is in the
// importing file's component is reported with one cycle through it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { shortestPath } from './shortestPath.mjs';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

const configHost = { useCaseSensitiveFileNames: true, readDirectory: () => [], fileExists: ts.sys.fileExists, readFile: ts.sys.readFile };
/** tsconfig.json path → { options, cache }. */
const configs = new Map();
/** Directory → the nearest tsconfig.json at or above it (within the root), or null. */
const nearest = new Map();
/** File → the local source files it imports. */
const edges = new Map();
/** Tarjan's bookkeeping, kept across linted files (the graph does not change within a process). */
const marks = new Map();
let counter = 0;
let components = 0;

function configFor(root, dir) {
  if (nearest.has(dir)) {
    return nearest.get(dir);
  }
  const candidate = path.join(dir, 'tsconfig.json');
  let found = null;
  if (fs.existsSync(candidate)) {
    found = candidate;
  } else if (dir !== root && dir.startsWith(root + path.sep)) {
    found = configFor(root, path.dirname(dir));
  }
  nearest.set(dir, found);
  return found;
}

function resolverFor(tsconfig) {
  if (!configs.has(tsconfig)) {
    const json = ts.readConfigFile(tsconfig, ts.sys.readFile).config ?? {};
    // `readDirectory: () => []`: only the options are wanted, not the project's file list.
    const { options } = ts.parseJsonConfigFileContent(json, configHost, path.dirname(tsconfig), undefined, tsconfig);
    configs.set(tsconfig, { options, cache: ts.createModuleResolutionCache(path.dirname(tsconfig), (name) => name, options) });
  }
  return configs.get(tsconfig);
}

/** The local source file a specifier imported from `from` lands in, or null (a package, a declaration file, nothing). */
function resolve(root, from, specifier) {
  const config = configFor(root, path.dirname(from));
  const { options, cache } = config ? resolverFor(config) : { options: {}, cache: undefined };
  const target = ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule?.resolvedFileName;
  if (!target || !target.startsWith(root + path.sep) || target.includes(`${path.sep}node_modules${path.sep}`) || DECLARATION.test(target) || !SOURCE.test(target)) {
    return null;
  }
  return path.normalize(target);
}

/** Every module specifier of a source text: imports and re-exports (type-only ones too), `import()`, `require`, `import('…')` types. */
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function edgesOf(root, file) {
  if (!edges.has(file)) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // Gone since it was resolved: no edges.
    }
    const targets = new Set();
    for (const specifier of specifiersOf(text)) {
      const target = resolve(root, file, specifier);
      if (target && target !== file) {
        targets.add(target);
      }
    }
    edges.set(file, [...targets]);
  }
  return edges.get(file);
}

/** Tarjan's strongly connected components from `start`, iteratively (a deep import chain must not overflow the stack). */
function connect(root, start) {
  const stack = [];
  const enter = (file) => {
    marks.set(file, { index: counter, low: counter, onStack: true, component: -1 });
    counter += 1;
    stack.push(file);
  };
  enter(start);
  const work = [{ file: start, next: 0 }];
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const mark = marks.get(frame.file);
    const out = edgesOf(root, frame.file);
    if (frame.next < out.length) {
      const target = out[frame.next];
      frame.next += 1;
      const seen = marks.get(target);
      if (!seen) {
        enter(target);
        work.push({ file: target, next: 0 });
      } else if (seen.onStack) {
        mark.low = Math.min(mark.low, seen.index);
      }
      continue;
    }
    work.pop();
    if (mark.low === mark.index) {
      for (;;) {
        const member = stack.pop();
        const m = marks.get(member);
        m.onStack = false;
        m.component = components;
        if (member === frame.file) {
          break;
        }
      }
      components += 1;
    }
    if (work.length > 0) {
      const parent = marks.get(work[work.length - 1].file);
      parent.low = Math.min(parent.low, mark.low);
    }
  }
}

function componentOf(root, file) {
  if (!marks.has(file)) {
    connect(root, file);
  }
  return marks.get(file).component;
}

export const noFileCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between files, type-only imports included (resolved as tsc resolves them).' },
    schema: [],
    messages: {
      cycle: 'Import cycle {{cycle}} (type-only imports count: a file and the file it imports cannot be read or changed apart). Move what both need into a file of its own.',
    },
  },
  create(context) {
    const root = path.resolve(context.cwd);
    const file = path.normalize(context.physicalFilename);
    if (!SOURCE.test(file) || !file.startsWith(root + path.sep)) {
      return {};
    }
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') {
        return;
      }
      const target = resolve(root, file, specifier);
      if (!target || target === file) {
        return;
      }
      const component = componentOf(root, file);
      if (componentOf(root, target) !== component) {
        return;
      }
      // One cycle through this import: back from the target to this file, inside the component.
      const back = shortestPath(target, file, (from) => edgesOf(root, from).filter((to) => marks.get(to)?.component === component)) ?? [target, file];
      const chain = [file, ...back].map((f) => path.relative(root, f));
      context.report({ node, messageId: 'cycle', data: { cycle: chain.join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.source?.value ?? node.argument?.literal?.value),
      TSImportEqualsDeclaration: (node) => node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression.value),
    };
  },
};
