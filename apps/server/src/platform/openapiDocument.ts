/**
 * The last pass over the generated OpenAPI document (platform/openapi.ts): what no single route
 * knows. Pure: a document in, the finished document out (the same object, completed).
 *
 * - operationId: the route's own (`schema.operationId`), else the path's last segment (getToken,
 *   getRecords; a one-word action with the segment before it: deviceBind); where several paths end
 *   alike, each of them takes as many segments before it as tell them apart (orderGetOrderList,
 *   salesGetOrderList). Derived from the paths alone, so the
 *   registration order never changes a name; openapi.operationIds.json pins the names clients use.
 * - responses: a route without a response schema gets the envelope with `data` unspecified (the
 *   honest fallback); every operation the error envelope for 4XX and 5XX.
 * - query parameters as the server reads them (platform/queryParams.ts): an object as deepObject,
 *   a list of objects as JSON text (OpenAPI's `content` form: deepObject does not define lists).
 * - wildcard paths (`/general/cos/object/*`) with a named parameter, `{key}`.
 */

interface Schema {
  type?: string | string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  description?: string;
  [key: string]: unknown;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  content?: Record<string, { schema: Schema; example?: unknown }>;
  style?: string;
  explode?: boolean;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; content?: unknown; $ref?: string }>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

type CodeInfo = Record<number, { http: number; 'en-US': string }>;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The words of a path a name is made of: its segments after /general, parameters left out. */
function words(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('{'))
    .slice(path.startsWith('/general/') ? 1 : 0)
    .map((segment) => segment.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase()));
}

function camel(parts: readonly string[]): string {
  return parts.map((part, index) => (index === 0 ? part.charAt(0).toLowerCase() + part.slice(1) : part.charAt(0).toUpperCase() + part.slice(1))).join('');
}

/**
 * Unique operationIds for the operations without their own: the last word of the path, growing
 * leftwards for every operation whose name another one shares; the method prefixed when the words
 * run out (one path, two methods). Throws on two routes that set the same id themselves.
 */
export function assignOperationIds(document: OpenApiDocument): void {
  const taken = new Map<string, string>();
  const pending: { operation: Operation; words: string[]; method: string; size: number; label: string }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const label = `${method.toUpperCase()} ${path}`;
      if (operation.operationId) {
        const other = taken.get(operation.operationId);
        if (other) {
          throw new Error(`operationId ${operation.operationId} is set by both ${other} and ${label}`);
        }
        taken.set(operation.operationId, label);
      } else {
        const named = words(path);
        // A one-word action (`/general/device/bind`) takes its subject along: deviceBind.
        const size = /[A-Z]/.test(named.at(-1) ?? '') ? 1 : 2;
        pending.push({ operation, words: named, method, size, label });
      }
    }
  }
  const nameOf = (entry: (typeof pending)[number]) => {
    const parts = entry.words.slice(-Math.min(entry.size, entry.words.length));
    const base = camel(parts.length > 0 ? parts : ['root']);
    return entry.size > entry.words.length ? camel([entry.method, base]) : base;
  };
  for (let round = 0; round < 16; round += 1) {
    const byName = new Map<string, (typeof pending)[number][]>();
    for (const entry of pending) {
      const name = nameOf(entry);
      byName.set(name, [...(byName.get(name) ?? []), entry]);
    }
    let clash = false;
    for (const [name, entries] of byName) {
      if (entries.length > 1 || taken.has(name)) {
        clash = true;
        for (const entry of entries) {
          entry.size += 1;
        }
      }
    }
    if (!clash) {
      for (const [name, [entry]] of byName) {
        entry.operation.operationId = name;
      }
      return;
    }
  }
  throw new Error(`operationIds could not be told apart: ${pending.map((entry) => entry.label).join(', ')}`);
}

const primitive = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isPrimitive(schema: Schema | undefined): boolean {
  if (!schema) {
    return true;
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return branches.every(isPrimitive);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.length > 0 && types.every((type) => primitive.has(type));
}

function isObject(schema: Schema): boolean {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return branches.every((branch) => branch.type === 'object');
  }
  return schema.type === 'object';
}

/** Query parameters declared the way platform/queryParams.ts reads them. */
function declareQueryStyle(parameter: Parameter): void {
  const schema = parameter.schema;
  if (schema && Array.isArray(schema['x-required'])) {
    // Set aside by openapi.ts (keepQueryRequired): the object's required keys.
    schema.required = schema['x-required'];
    delete schema['x-required'];
  }
  if (parameter.in !== 'query' || !schema || isPrimitive(schema)) {
    return;
  }
  const example = parameter.name;
  if (schema.type === 'array' && isPrimitive(schema.items)) {
    parameter.style = 'form';
    parameter.explode = true;
    parameter.description = [parameter.description, `Repeat the key for each entry (\`${example}=a&${example}=b\`), or send one JSON array (\`${example}=["a","b"]\`).`].filter(Boolean).join(' ');
    return;
  }
  if (isObject(schema)) {
    parameter.style = 'deepObject';
    parameter.explode = true;
    parameter.description = [parameter.description, `Bracketed keys (\`${example}[key]=value\`), or the whole object as one JSON string (\`${example}={"key":"value"}\`).`].filter(Boolean).join(' ');
    return;
  }
  // A list of objects: JSON text (spec §7). deepObject defines objects of scalars only; the
  // server also reads indexed brackets (`name[0][key]=value`), as qs and most libraries write them.
  delete parameter.schema;
  delete parameter.style;
  delete parameter.explode;
  // An empty list as the example: the reference page's sample would otherwise be one entry, not a list.
  parameter.content = { 'application/json': { schema, example: [] } };
  parameter.description = [parameter.description, `JSON text (\`${example}=[{"field":"…"}]\`, URL-encoded); indexed brackets are read too (\`${example}[0][field]=…\`).`].filter(Boolean).join(' ');
}

/** The error envelope: every code the server answers, with its HTTP status and English text. */
function errorSchema(codes: CodeInfo): Schema {
  const refusals = Object.entries(codes)
    .map(([code, info]) => [Number(code), info] as const)
    .filter(([code]) => code !== 0)
    .sort(([a], [b]) => a - b);
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: {
        type: 'integer',
        enum: refusals.map(([code]) => code),
        description: `Why the call was refused:\n\n${refusals.map(([code, info]) => `- ${code} (HTTP ${info.http}): ${info['en-US']}`).join('\n')}`,
      },
      msg: { type: 'string', description: 'The refusal in the caller’s language (Accept-Language)' },
      data: { description: 'For 50001 the readable reason (text); otherwise null or the refusal’s details' },
    },
  };
}

/**
 * `anyOf` with one branch (zod writes one for an optional preprocessed field) is that branch:
 * merged into its parent where no keyword clashes, everywhere in the document.
 */
function collapseSingleAnyOf(node: unknown, depth = 0): void {
  if (depth > 64 || typeof node !== 'object' || node === null) {
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((child) => collapseSingleAnyOf(child, depth + 1));
    return;
  }
  const record = node as Record<string, unknown>;
  const anyOf = record.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && typeof anyOf[0] === 'object' && anyOf[0] !== null) {
    const branch = anyOf[0] as Record<string, unknown>;
    if (Object.keys(branch).every((key) => !(key in record))) {
      delete record.anyOf;
      Object.assign(record, branch);
    }
  }
  Object.values(record).forEach((child) => collapseSingleAnyOf(child, depth + 1));
}

/** Completes the document (see the file's comment); `codes` is the domain's errorCodeInfo. */
export function finishDocument(document: OpenApiDocument, codes: CodeInfo): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    // `/general/cos/object/*`: the rest of the path is the object key (it holds '/').
    const named = path.replace(/\{\*\}$/, '{key}');
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === '*') {
          parameter.name = 'key';
          parameter.description = 'The object key, e.g. `c12/public/<uuid>.png`; its `/` may be sent as is or as %2F';
        }
        declareQueryStyle(parameter);
      }
      const responses = operation.responses ?? {};
      const statuses = Object.keys(responses);
      if (statuses.length === 1 && statuses[0] === '200' && responses['200'].content === undefined && responses['200'].description === 'Default Response') {
        responses['200'] = { $ref: '#/components/responses/Ok' };
      }
      responses['4XX'] ??= { $ref: '#/components/responses/Refused' };
      responses['5XX'] ??= { $ref: '#/components/responses/Failed' };
      operation.responses = responses;
    }
    paths[named] = item;
  }
  document.paths = paths;
  collapseSingleAnyOf(document.paths);
  assignOperationIds(document);

  const hasApiKeys = Object.keys(paths).some((path) => path.startsWith('/general/apiKey/'));
  const components = (document.components ??= {});
  components.securitySchemes = {
    ...components.securitySchemes,
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: hasApiKeys
        ? 'A session token (`getToken`, valid 7 days) or an API key (`addKey`: named, scoped to codes, optional expiry), as `Authorization: Bearer <token or key>`'
        : 'A session token from `getToken` (valid 7 days), as `Authorization: Bearer <token>`',
    },
    deviceBasic: { type: 'http', scheme: 'basic', description: 'A device: its SN as user name, its secret as password (docs/devices.md)' },
  };
  const error = errorSchema(codes);
  components.schemas = {
    ...components.schemas,
    Envelope: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'integer', const: 0 }, msg: { type: 'string' }, data: { description: 'The answer; this call’s document does not describe its shape yet' } },
    },
    Error: error,
  };
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  components.responses = {
    ...components.responses,
    Ok: { description: 'Success: `code` is 0, `data` the answer', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
    Refused: { description: 'Refused: not signed in (70004, 70006), no permission (40300), invalid (50001), not found (40400), too many (42900)…', content: errorContent },
    Failed: { description: 'The server failed (50000) or a provider it called did (50210)', content: errorContent },
  };
  return document;
}
