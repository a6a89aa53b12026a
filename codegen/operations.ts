/**
 * The operation table (schemas/operations.generated.ts): operationId → method, path, parameters, body and,
 * for list operations, the fields `sort` accepts. The screen engine calls any operation by id
 * through it (one generic typed call) and screens:check cross-checks definitions against it.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { pattern?: string };
}
interface OpenApiOperation {
  operationId?: string;
  /** Set by the server for the operations of server/modules/privacy/registry.ts. */
  'x-personal-data'?: 'list' | 'detail';
  /** What a call leaves behind (server/http/access.ts Effect); absent: a GET that only reads. */
  'x-effects'?: string[];
  /** The operation's own Korean words (server/http/operation-words.ts). */
  'x-action-ko'?: { name: string; confirm: string };
  /** A personal-data list: the subject's key and the fields a download's access record may name. */
  'x-personal-download'?: { key: string; fields: string[] };
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
type OpenApiDoc = { paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> };

export interface OperationRecord {
  method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  path: string;
  pathParams: string[];
  queryParams: string[];
  requiredQuery: string[];
  /** Media type of the request body, when the operation takes one. */
  body: 'json' | 'form' | 'multipart' | null;
  /** True when the answer is `{ rows, total }` (the list convention). */
  list: boolean;
  /** Fields `sort=field:asc|desc` accepts (from the parameter's pattern). */
  sortFields: string[];
  /** Fields a closed JSON body accepts (a form sends only these); null when open or none. */
  bodyFields: string[] | null;
  /** The answer holds personal data: a list (masked; downloaded only with a reason) or a detail (a logged view). */
  personalData: 'list' | 'detail' | null;
  /** What a call leaves behind besides its answer: `writes` for every method but GET, else as declared. */
  effects: string[];
  /** Its Korean name and the confirmation a stored screen's button asks; null for a GET that only reads. */
  actionKo: { name: string; confirm: string } | null;
  /** A personal-data list: the subject's key and the fields its download's record may name (only such lists carry it). */
  personalDownload?: { key: string; fields: string[] };
}

/** `^(a|b|c):(asc|desc)$` → ['a', 'b', 'c']. */
export function sortFieldsOf(pattern: string | undefined): string[] {
  const m = pattern ? /^\^\(([^)]*)\):\(asc\|desc\)\$$/.exec(pattern) : null;
  return m ? m[1].split('|').map((f) => f.replace(/\\(.)/g, '$1')) : [];
}

function bodyKind(op: OpenApiOperation): OperationRecord['body'] {
  const types = Object.keys(op.requestBody?.content ?? {});
  if (types.length === 0) return null;
  if (types.includes('application/json')) return 'json';
  if (types.includes('multipart/form-data')) return 'multipart';
  return 'form';
}

function isListAnswer(op: OpenApiOperation): boolean {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const props = (schema?.properties ?? null) as Record<string, unknown> | null;
  return !!props && 'rows' in props && 'total' in props;
}

function closedBodyFields(op: OpenApiOperation): string[] | null {
  const schema = (op.requestBody?.content?.['application/json'] as { schema?: Record<string, unknown> } | undefined)
    ?.schema;
  if (!schema || schema.additionalProperties !== false || !schema.properties) return null;
  return Object.keys(schema.properties as object);
}

export function operationRecords(doc: OpenApiDoc): Record<string, OperationRecord> {
  const out: Record<string, OperationRecord> = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const params = op.parameters ?? [];
      const query = params.filter((p) => p.in === 'query');
      out[op.operationId] = {
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: query.map((p) => p.name),
        requiredQuery: query.filter((p) => p.required).map((p) => p.name),
        body: bodyKind(op),
        list: isListAnswer(op),
        sortFields: sortFieldsOf(query.find((p) => p.name === 'sort')?.schema?.pattern),
        bodyFields: closedBodyFields(op),
        personalData: op['x-personal-data'] ?? null,
        effects: op['x-effects'] ?? [],
        actionKo: op['x-action-ko'] ?? null,
        ...(op['x-personal-download'] ? { personalDownload: op['x-personal-download'] } : {}),
      };
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The TypeScript module text. */
export function operationsModule(doc: OpenApiDoc): string {
  const records = operationRecords(doc);
  const lines = Object.entries(records).map(([id, r]) => `  ${id}: ${JSON.stringify(r)},`);
  return `/* Generated by \`npm run codegen\` from the server route schemas. Do not edit. */
import type { operations as ApiOperations } from './api-types.generated';

export interface OperationInfo {
  method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  path: string;
  pathParams: readonly string[];
  queryParams: readonly string[];
  requiredQuery: readonly string[];
  body: 'json' | 'form' | 'multipart' | null;
  /** The answer is \`{ rows, total, totals? }\` (the list convention). */
  list: boolean;
  /** Fields \`sort=field:asc|desc\` accepts. */
  sortFields: readonly string[];
  /** Fields a closed JSON body accepts (a form sends only these); null when open or none. */
  bodyFields: readonly string[] | null;
  /** The answer holds personal data: a list (masked; downloaded only with a reason) or a detail (a logged view). */
  personalData: 'list' | 'detail' | null;
  /** What a call leaves behind besides its answer (writes, evidence, audit, personal-data-log); empty: it only reads. */
  effects: readonly ('writes' | 'evidence' | 'audit' | 'personal-data-log')[];
  /** Its Korean name and the confirmation a stored screen's button shows; null for a GET that only reads. */
  actionKo: { readonly name: string; readonly confirm: string } | null;
  /** A personal-data list: the subject's key and the fields its download's record may name. */
  personalDownload?: { readonly key: string; readonly fields: readonly string[] };
}

export const operations = {
${lines.join('\n')}
} as const satisfies Record<string, OperationInfo>;

export type OperationId = keyof typeof operations & keyof ApiOperations;

/** True for a name the server has an operation for (own keys only, never 'toString'). */
export function isOperationId(name: string): name is OperationId {
  return Object.hasOwn(operations, name);
}
`;
}
