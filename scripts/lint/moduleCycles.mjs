// `smartdata/no-module-cycle`: no import cycle between the modules of an app, as folders.
//
// smartdata/no-file-cycle (fileCycles.mjs) sees cycles between files. The cycles that make
// modules hard to change are between folders: users/users.service.ts imports
// companies/companies.service.ts while companies/members.service.ts imports
// users/users.repository.ts is a cycle of the modules users ↔ companies although no file
// imports itself back. This rule builds the graph of the modules of each configured root (one
// edge per value import from a file of module A to a file of module B; type-only imports, which
// are erased, and test files do not count) and reports every import that closes a cycle, with
// the cycle.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { shortestPath } from './shortestPath.mjs';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** Root directory (absolute) → Map<module, Map<module, example file>>, built once per process. */
const graphs = new Map();

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...listFiles(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** The value imports of a source text: static imports and re-exports not marked `type`, and `import()`. */
function valueSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) {
        found.push(node.moduleSpecifier.text);
      }
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) {
        found.push(node.moduleSpecifier.text);
      }
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module a specifier imported from `fromFile` lands in, or null when outside the root. */
function targetModule(root, aliases, fromFile, specifier) {
  let target = null;
  if (specifier.startsWith('.')) {
    target = path.resolve(path.dirname(fromFile), specifier);
  } else {
    for (const [prefix, dir] of Object.entries(aliases)) {
      if (specifier.startsWith(prefix)) {
        target = path.join(dir, specifier.slice(prefix.length));
        break;
      }
    }
  }
  if (target === null || !target.startsWith(root + path.sep)) {
    return null;
  }
  return target.slice(root.length + 1).split(path.sep)[0];
}

function moduleOf(root, file) {
  return file.startsWith(root + path.sep) ? file.slice(root.length + 1).split(path.sep)[0] : null;
}

function buildGraph(root, aliases) {
  const graph = new Map();
  for (const file of listFiles(root)) {
    const from = moduleOf(root, file);
    if (!graph.has(from)) {
      graph.set(from, new Map());
    }
    for (const specifier of valueSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const to = targetModule(root, aliases, file, specifier);
      if (to && to !== from && !graph.get(from).has(to)) {
        graph.get(from).set(to, path.relative(root, file));
      }
    }
  }
  return graph;
}

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between the module folders of an app (value imports; tests excluded).' },
    schema: [
      {
        type: 'object',
        properties: {
          roots: {
            type: 'array',
            items: {
              type: 'object',
              properties: { dir: { type: 'string' }, aliases: { type: 'object', additionalProperties: { type: 'string' } } },
              required: ['dir'],
              additionalProperties: false,
            },
          },
        },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Module cycle {{cycle}} (this import is the edge {{from}} → {{to}}; {{back}}). Move the shared piece to the module that owns it or to a shared folder.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (TEST.test(file)) {
      return {};
    }
    const cwd = context.cwd;
    const roots = context.options[0].roots.map(({ dir, aliases = {} }) => ({
      dir: path.resolve(cwd, dir),
      aliases: Object.fromEntries(Object.entries(aliases).map(([prefix, target]) => [prefix, path.resolve(cwd, target)])),
    }));
    const root = roots.find(({ dir }) => moduleOf(dir, file) !== null);
    if (!root) {
      return {};
    }
    const from = moduleOf(root.dir, file);
    if (!graphs.has(root.dir)) {
      graphs.set(root.dir, buildGraph(root.dir, root.aliases));
    }
    const graph = graphs.get(root.dir);

    const check = (node, specifier) => {
      const to = targetModule(root.dir, root.aliases, file, specifier);
      if (!to || to === from) {
        return;
      }
      const back = shortestPath(to, from, (module) => graph.get(module)?.keys() ?? []);
      if (back) {
        const cycle = [from, ...back].join(' → ');
        const hops = back.slice(0, -1).map((module, index) => `${graph.get(module).get(back[index + 1])}`);
        context.report({ node, messageId: 'cycle', data: { cycle, from, to, back: `back through ${hops.join(', ')}` } });
      }
    };
    const isTypeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));
    const isTypeOnlyExport = (node) =>
      node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.exportKind === 'type'));

    return {
      ImportDeclaration(node) {
        if (!isTypeOnlyImport(node)) {
          check(node, node.source.value);
        }
      },
      ExportNamedDeclaration(node) {
        if (node.source && !isTypeOnlyExport(node)) {
          check(node, node.source.value);
        }
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') {
          check(node, node.source.value);
        }
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
          check(node, node.source.value);
        }
      },
    };
  },
};

