import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/connect.js';
import { HEAVY_PATH } from '../../server/http/heavy.js';
import { sessionAs } from '../helpers/session.js';
import { AUTHZ_MATRIX } from '../api/security/authz-matrix.js';
import { ruleAllows, type HeldMenu } from '../api/security/authz-rules.js';
import { loadHeldMenus, loadParamValues, otherCompanyDigest } from '../api/security/authz-fixtures.js';
import {
  casesFor,
  encodeUrlPart as encode,
  type FuzzRequest,
  type OpenApiDoc,
  type OpenApiOperation,
} from './cases.js';

/**
 * Sends the fuzz cases of every operation to the app as a caller the authorization matrix allows
 * (anonymous for public operations, the system administrator for internal ones, a supplier
 * administrator of C00001 for external ones) and checks:
 *   - no answer is 5xx;
 *   - a request the operation's own schema refuses (validated here with ajv and the server's
 *     options), or one carrying control characters or malformed JSON, never answers 2xx — a 2xx
 *     would mean bad input was taken and data changed;
 *   - nothing another company (C00002) owns changes, whatever the supplier sends.
 */

const HEAVY_CASES = 5;

export interface FuzzFailure {
  operationId: string;
  status: number;
  mutation: string;
  request: string;
  answer: string;
}
export interface FuzzReport {
  requests: number;
  operations: number;
  seconds: number;
  byStatus: Record<string, number>;
  serverErrors: FuzzFailure[];
  acceptedInvalid: FuzzFailure[];
  otherCompanyChanged: string | null;
}

export interface FuzzOptions {
  app: FastifyInstance;
  db: Db;
  seed: number;
  /** Cases per operation. */
  perOperation: number;
  /** Operations fuzzed at the same time. */
  concurrency?: number;
  only?: string[];
  log?: (line: string) => void;
}

const CONTROL =
  // eslint-disable-next-line no-control-regex -- the characters the server's input guard refuses
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Depth-limited like the server's guard: a 5,000-deep array must not overflow the judge's stack.
const hasControl = (v: unknown, depth = 0): boolean =>
  depth > 64
    ? false
    : typeof v === 'string'
      ? CONTROL.test(v)
      : Array.isArray(v)
        ? v.some((x) => hasControl(x, depth + 1))
        : v && typeof v === 'object'
          ? Object.entries(v).some(([k, x]) => CONTROL.test(k) || hasControl(x, depth + 1))
          : false;

/** A request too deep to judge (JSON nested thousands of levels) is only checked for 5xx. */
function judge(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

export function loadDoc(): OpenApiDoc {
  return JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/openapi.generated.json'), 'utf8'),
  ) as OpenApiDoc;
}

/** One validator per operation over { params, query, body }, with the server's ajv options (server/app.ts). */
function validatorFor(ajv: Ajv, doc: OpenApiDoc, op: OpenApiOperation): ValidateFunction {
  const part = (where: 'path' | 'query') => {
    const ps = (op.parameters ?? []).filter((p) => p.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(ps.map((p) => [p.name, p.schema])),
      required: ps.filter((p) => p.required || where === 'path').map((p) => p.name),
    };
  };
  const content = op.requestBody?.content ?? {};
  const bodySchema = content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
  return ajv.compile({
    type: 'object',
    properties: { params: part('path'), query: part('query'), ...(bodySchema ? { body: bodySchema } : {}) },
    required: bodySchema && op.requestBody?.required ? ['params', 'query', 'body'] : ['params', 'query'],
    components: doc.components,
  });
}

/** Whether the server must refuse this request (so a 2xx is a failure). Content-type games are only checked for 5xx. */
function mustRefuse(validate: ValidateFunction, req: FuzzRequest, isForm: boolean): boolean {
  if (req.mutation.startsWith('content-type')) return false;
  // An empty path segment leads to another route (…/notices/ is the list): judged by that route, not this one.
  if (Object.values(req.params).some((v) => v === '')) return false;
  let body = req.body;
  if (req.rawBody !== undefined) {
    try {
      body = JSON.parse(req.rawBody);
    } catch {
      return true;
    }
    if (/"__proto__"|"constructor"/.test(req.rawBody)) return true; // refused by the JSON parser
  }
  // A lone surrogate cannot travel in a URL: the server reads U+FFFD there.
  const inUrl = (o: Record<string, string>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(LONE, '\ufffd'), v.replace(LONE, '\ufffd')]));
  req = { ...req, params: inUrl(req.params), query: inUrl(req.query) };
  if (hasControl(req.params) || hasControl(req.query) || hasControl(body)) return true;
  if (isForm && body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) return true;
  const data = JSON.parse(
    JSON.stringify({
      params: req.params,
      query: req.query,
      ...(body === undefined ? {} : { body: isForm ? formView(body) : body }),
    }),
  );
  return !validate(data);
}

/** What a form body is once parsed: every value a string. */
function formView(body: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ]),
  );
}

function serialise(req: FuzzRequest, isForm: boolean): { payload?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (req.contentType) headers['content-type'] = req.contentType;
  if (req.rawBody !== undefined) return { payload: req.rawBody, headers };
  if (req.body === undefined) return { headers };
  if (
    isForm &&
    req.contentType === 'application/x-www-form-urlencoded' &&
    req.body &&
    typeof req.body === 'object' &&
    !Array.isArray(req.body)
  ) {
    return { payload: new URLSearchParams(formView(req.body)).toString(), headers };
  }
  return { payload: JSON.stringify(req.body) ?? '', headers };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { app, db, seed, perOperation } = options;
  const log = options.log ?? (() => {});
  const doc = loadDoc();
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  });
  addFormats.default(ajv);
  const held: HeldMenu[] = await loadHeldMenus(db);
  const ids = Object.fromEntries(Object.entries(await loadParamValues(db)).map(([k, v]) => [k, v.own]));
  const accounts = {
    admin: { portal: 'I' as const, authGroupId: '99' },
    supplier1adm: { portal: 'X' as const, authGroupId: '61' },
  };
  const headers: Record<string, Record<string, string>> = { anonymous: {} };
  // One login at a time per account: two workers logging a supplier in at once would each read the
  // other's one-time code from the outbox (this ended the first long run).
  const loggingIn: Record<string, Promise<void> | undefined> = {};
  const login = (userId: 'admin' | 'supplier1adm') =>
    (loggingIn[userId] ??= sessionAs(app, userId)
      .then((r) => {
        headers[userId] = r.headers;
      })
      .finally(() => {
        loggingIn[userId] = undefined;
      }));
  await login('admin');
  await login('supplier1adm');

  const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ p, method: method.toUpperCase(), op })),
  );
  const chosen = operations.filter(({ op }) => !options.only || options.only.includes(op.operationId));
  const report: FuzzReport = {
    requests: 0,
    operations: 0,
    seconds: 0,
    byStatus: {},
    serverErrors: [],
    acceptedInvalid: [],
    otherCompanyChanged: null,
  };
  const started = Date.now();

  const fuzzOperation = async ({ p, method, op }: (typeof operations)[number], index: number) => {
    const rule = AUTHZ_MATRIX[op.operationId];
    if (!rule) throw new Error(`${op.operationId} has no row in the authorization matrix (npm run authz:missing)`);
    const caller =
      rule.kind === 'public'
        ? 'anonymous'
        : (Object.keys(accounts) as Array<keyof typeof accounts>).find((u) => ruleAllows(rule, accounts[u], held));
    if (!caller) {
      log(`skip ${op.operationId}: neither admin nor supplier1adm may call it`);
      return;
    }
    report.operations++;
    const validate = validatorFor(ajv, doc, op);
    const isForm = Object.hasOwn(op.requestBody?.content ?? {}, 'application/x-www-form-urlencoded');
    // An unfiltered extract streams every row (a minute on a loaded machine): a few cases are enough there.
    const cases = HEAVY_PATH.test(p) ? Math.min(perOperation, HEAVY_CASES) : perOperation;
    for (const req of casesFor(doc, method, p, op, ids, seed + index, cases)) {
      const qs = Object.entries(req.query)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&');
      const url = (qs ? `${req.url}?${qs}` : req.url).replace(/[^ -~]/g, (ch) => encode(ch));
      const { payload, headers: extra } = serialise(req, isForm);
      const send = () =>
        app.inject({ method: method as 'GET', url, headers: { ...headers[caller], ...extra }, payload });
      let res = await send();
      // A fuzzed account operation may end the caller's session: log in again and resend.
      if (res.statusCode === 401 && caller !== 'anonymous' && /GPMS005|AUTH008/.test(res.body)) {
        await login(caller);
        res = await send();
      }
      report.requests++;
      const status = String(res.statusCode);
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      const failure = (): FuzzFailure => ({
        operationId: op.operationId,
        status: res.statusCode,
        mutation: req.mutation,
        request: `${method} ${url.slice(0, 300)} ${String(payload ?? '').slice(0, 300)}`,
        answer: res.body.slice(0, 300),
      });
      if (res.statusCode >= 500) report.serverErrors.push(failure());
      else if (res.statusCode < 300 && judge(() => mustRefuse(validate, req, isForm)))
        report.acceptedInvalid.push(failure());
    }
    if (index % 25 === 0)
      log(
        `${report.requests} requests, ${report.serverErrors.length} 5xx, ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
  };

  // Staff and public operations first; then the supplier's, with another company's data watched
  // (staff operations may rightly change any company). Session-ending operations last.
  const last = new Set(['authLogout', 'oidcLogout']);
  const isSupplierOp = (o: (typeof chosen)[number]) => {
    const rule = AUTHZ_MATRIX[o.op.operationId];
    return rule?.kind === 'login' && !rule.portals.includes('I');
  };
  const runAll = async (list: typeof chosen) => {
    const queue = list.map((o) => [o, chosen.indexOf(o)] as const);
    const workers = Array.from({ length: options.concurrency ?? 1 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await fuzzOperation(next[0], next[1]);
    });
    await Promise.all(workers);
  };
  await runAll(chosen.filter((o) => !isSupplierOp(o) && !last.has(o.op.operationId)));
  const digestBefore = await otherCompanyDigest(db);
  await runAll(chosen.filter(isSupplierOp));
  const digestAfter = await otherCompanyDigest(db);
  if (digestAfter !== digestBefore)
    report.otherCompanyChanged = digestAfter
      .split(',')
      .filter((x) => !digestBefore.split(',').includes(x))
      .join(', ');
  await runAll(chosen.filter((o) => last.has(o.op.operationId)));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function describeReport(r: FuzzReport): string {
  const statuses = Object.entries(r.byStatus)
    .sort()
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  return `fuzz: ${r.requests} requests over ${r.operations} operations in ${r.seconds.toFixed(1)} s; 5xx ${r.serverErrors.length}; invalid input accepted ${r.acceptedInvalid.length}; other company changed: ${r.otherCompanyChanged ? 'YES' : 'no'} (${statuses})`;
}
