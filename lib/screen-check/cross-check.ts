/**
 * Cross-checks a definition against the OpenAPI document: every operation exists, filters are
 * query parameters of the list operation, columns are fields of its rows, sortable columns are
 * fields its `sort` accepts, action parameters match their operation, form fields belong to the
 * record or the body that saves it. Pure (takes the parsed document), so `npm run screens:check`
 * and the development page report the same problems.
 */
import { compileExpr, type ExprNode } from './expr';
import { fillPairs } from './fill';
import { suggest } from './suggest';
import type { DefinitionProblem, ProblemParams } from './problems';
import { onlyInMode } from './save-mode';
import type { ActionDef, CallAction, CallInputs, ColumnDef, EditBody, LinkDef, ScreenDef } from './types';

type Json = Record<string, unknown>;

interface ApiOperation {
  id: string;
  /** The operation's summary in the contract (English, for developers). */
  summary?: string;
  /** Its name for people (never the id): Korean from the contract (`x-action-ko`, `x-title-ko`), English from its summary. */
  title?: { ko: string; en: string };
  /** Field of a row (list answers and plain arrays) or of a single-object answer → its own description in the contract (title, else description). */
  fieldTexts?: Record<string, string>;
  /** Field of a list's rows → what its contract says it holds when a column must format it (decimal text, YYYYMM). */
  fieldFormats?: Record<string, FieldFormat>;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  requiredQuery: string[];
  sortFields: string[];
  /** `{ rows, total }` answers. */
  list: boolean;
  /** Fields of one row (list answers and plain arrays), or null when unknown. */
  rowFields: string[] | null;
  /** Fields of a single-object answer (edit screens load these). */
  answerFields: string[] | null;
  /** Fields of the JSON body, or null when it takes none or any. */
  bodyFields: string[] | null;
  /** Body field → fields of its array items (detail grids sent in the body). */
  bodyItemFields: Record<string, string[]>;
  /** The body's required fields (a save sending no `lines` where they are required only gets a 400). */
  bodyRequired?: string[];
  /** Body array field → the required fields of its items. */
  bodyItemRequired?: Record<string, string[]>;
  /** Body array field → the fields of its items the server takes as text (a quantity or price kept exact). */
  bodyItemStrings?: Record<string, string[]>;
  /** Field of a single-object answer → fields of its array items (detail grids shown from the record). */
  answerItemFields?: Record<string, string[]>;
  /** Field of a list's rows → fields of its array items (a tree node's detail grids). */
  rowItemFields?: Record<string, string[]>;
}

/** Property → fields of its array items, for an object schema's array properties. */
function arrayItemFields(doc: Json, schema: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const s = resolve(doc, schema);
  for (const [name, prop] of Object.entries((s?.properties ?? {}) as Json)) {
    const p = resolve(doc, prop);
    if (p?.type === 'array') {
      const f = fieldsOf(doc, p.items);
      if (f) out[name] = f;
    }
  }
  return out;
}

export type ApiIndex = Record<string, ApiOperation>;

/** Text a person cannot read raw: an exact decimal ("29.000") or a month ("202610"). */
type FieldFormat = 'decimal' | 'month';

/** A decimal pattern of the contract (Quantity, Price: `^\\d{1,12}(\\.\\d{1,3})?$`). */
const DECIMAL_PATTERN = /^\^[-+?\\[\]]*\\d\{1,\d+\}\(\\\.\\d\{1,\d+\}\)\?\$$/;
const MONTH_PATTERN = '^\\d{4}(0[1-9]|1[0-2])$';

/**
 * A string schema's format when its pattern or description names one (a plain `Type.String()` says nothing): the
 * check's rule, and the studio's generator choosing a column type by it.
 */
export function textFormatOf(s: Json | null): FieldFormat | null {
  if (s?.type !== 'string') return null;
  const pattern = typeof s.pattern === 'string' ? s.pattern : '';
  const text = typeof s.description === 'string' ? s.description : '';
  if (DECIMAL_PATTERN.test(pattern) || /\bexact decimal\b/i.test(text)) return 'decimal';
  if (pattern === MONTH_PATTERN || /^YYYYMM\b/.test(text)) return 'month';
  return null;
}

/** Each string property's format, as textFormatOf reads it. */
function fieldFormatsOf(doc: Json, schema: Json | null): Record<string, FieldFormat> {
  const out: Record<string, FieldFormat> = {};
  for (const [name, prop] of Object.entries((schema?.properties ?? {}) as Json)) {
    const p = resolve(doc, prop);
    // Nullable(x) is anyOf [x, null].
    const format = textFormatOf((Array.isArray(p?.anyOf) ? resolve(doc, (p.anyOf as unknown[])[0]) : p) as Json | null);
    if (format) out[name] = format;
  }
  return out;
}

/** Each property's own words in the contract: its title, else its description. */
function fieldTextsOf(doc: Json, schema: Json | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, prop] of Object.entries((schema?.properties ?? {}) as Json)) {
    const p = resolve(doc, prop);
    const text = typeof p?.title === 'string' ? p.title : typeof p?.description === 'string' ? p.description : null;
    if (text) out[name] = text;
  }
  return out;
}

/** A summary's first clause, without the developer's detail after it (": …", " — …", " (…", "; …", "? …"). */
function summaryTitle(summary: string): string {
  const cut = summary.split(/:\s|\s—\s|\s\(|;\s|\.\s|(?<=\?)\s/)[0]!.trim();
  return cut.length > 80 ? `${cut.slice(0, 79)}…` : cut;
}

function titleOf(op: Json): { ko: string; en: string } | undefined {
  const action = op['x-action-ko'] as { name?: unknown } | undefined;
  const ko = typeof action?.name === 'string' ? action.name : op['x-title-ko'];
  if (typeof ko !== 'string') return undefined;
  return { ko, en: typeof op.summary === 'string' && op.summary ? summaryTitle(op.summary) : ko };
}

const SORT_PATTERN = /^\^\(([^)]*)\):\(asc\|desc\)\$$/;
const PAGING = new Set(['page', 'size', 'sort']);

function resolve(doc: Json, schema: unknown): Json | null {
  let s = schema as Json | undefined;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = ((doc.components as Json)?.schemas as Json)?.[name] as Json | undefined;
  }
  return s ?? null;
}

function fieldsOf(doc: Json, schema: unknown): string[] | null {
  const s = resolve(doc, schema);
  if (!s) return null;
  if (s.properties) return Object.keys(s.properties as Json);
  const alts = (s.anyOf ?? s.oneOf ?? s.allOf) as unknown[] | undefined;
  if (alts) {
    const merged = alts.map((a) => fieldsOf(doc, a)).filter((f): f is string[] => f !== null);
    return merged.length ? [...new Set(merged.flat())] : null;
  }
  return null;
}

/** A string schema, or a nullable one (anyOf [string, null]) — and no number among its alternatives. */
function isText(doc: Json, schema: unknown): boolean {
  const s = resolve(doc, schema);
  if (!s) return false;
  if (!Array.isArray(s.anyOf)) return s.type === 'string';
  const types = (s.anyOf as unknown[]).map((a) => resolve(doc, a)?.type);
  return types.includes('string') && !types.includes('number') && !types.includes('integer');
}

/** The index the checks read, built once from the OpenAPI document. */
export function indexApi(doc: Json): ApiIndex {
  const out: ApiIndex = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item[method] as Json | undefined;
      if (!op || typeof op.operationId !== 'string') continue;
      const params = (op.parameters ?? []) as Array<{
        name: string;
        in: string;
        required?: boolean;
        schema?: { pattern?: string };
      }>;
      const answer = resolve(
        doc,
        ((((op.responses as Json)?.['200'] as Json)?.content as Json)?.['application/json'] as Json)?.schema,
      );
      const answerProps = (answer?.properties ?? null) as Json | null;
      const list = !!answerProps && 'rows' in answerProps && 'total' in answerProps;
      const rowFields = list
        ? fieldsOf(doc, (resolve(doc, answerProps!.rows) as Json)?.items)
        : answer?.type === 'array'
          ? fieldsOf(doc, answer.items)
          : null;
      const bodySchema = resolve(
        doc,
        (((op.requestBody as Json)?.content as Json)?.['application/json'] as Json)?.schema,
      );
      const bodyItemFields: Record<string, string[]> = {};
      const bodyItemRequired: Record<string, string[]> = {};
      const bodyItemStrings: Record<string, string[]> = {};
      for (const [name, prop] of Object.entries((bodySchema?.properties ?? {}) as Json)) {
        const p = resolve(doc, prop);
        if (p?.type === 'array') {
          const f = fieldsOf(doc, p.items);
          if (f) bodyItemFields[name] = f;
          const required = resolve(doc, p.items)?.required;
          if (Array.isArray(required)) bodyItemRequired[name] = required as string[];
          const itemProps = (resolve(doc, p.items)?.properties ?? {}) as Json;
          bodyItemStrings[name] = Object.keys(itemProps).filter((k) => isText(doc, itemProps[k]));
        }
      }
      const sort = params.find((p) => p.in === 'query' && p.name === 'sort')?.schema?.pattern;
      const m = sort ? SORT_PATTERN.exec(sort) : null;
      const rowSchema = list
        ? resolve(doc, (resolve(doc, answerProps!.rows) as Json)?.items)
        : answer?.type === 'array'
          ? resolve(doc, answer.items)
          : answer;
      out[op.operationId] = {
        id: op.operationId,
        summary: typeof op.summary === 'string' ? op.summary : undefined,
        title: titleOf(op),
        fieldTexts: fieldTextsOf(doc, rowSchema),
        fieldFormats: list ? fieldFormatsOf(doc, rowSchema) : {},
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        requiredQuery: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        sortFields: m ? m[1].split('|').map((f) => f.replace(/\\(.)/g, '$1')) : [],
        list,
        rowFields,
        answerFields: list || answer?.type === 'array' ? null : fieldsOf(doc, answer),
        bodyFields: bodySchema && bodySchema.additionalProperties === false ? fieldsOf(doc, bodySchema) : null,
        bodyItemFields,
        bodyRequired: Array.isArray(bodySchema?.required) ? (bodySchema.required as string[]) : [],
        bodyItemRequired,
        bodyItemStrings,
        answerItemFields: list || answer?.type === 'array' ? {} : arrayItemFields(doc, answer),
        rowItemFields: list
          ? arrayItemFields(doc, (resolve(doc, answerProps!.rows) as Json)?.items)
          : answer?.type === 'array'
            ? arrayItemFields(doc, answer.items)
            : {},
      };
    }
  }
  return out;
}

const list = (names: readonly string[]) => (names.length ? names.join(', ') : 'none');

class Checker {
  readonly out: DefinitionProblem[] = [];
  constructor(
    private readonly api: ApiIndex,
    private readonly file: string,
    private readonly screens: ReadonlySet<string> | null,
  ) {}

  problem(pointer: string, message: string, code?: string, params?: ProblemParams) {
    this.out.push({ file: this.file, pointer, message, code, params });
  }

  op(id: string | undefined, pointer: string): ApiOperation | null {
    if (!id) return null;
    const op = Object.hasOwn(this.api, id) ? this.api[id] : undefined;
    if (!op)
      this.problem(
        pointer,
        `operation ${JSON.stringify(id)} is not in the OpenAPI document${suggest(id, Object.keys(this.api))}`,
        'api.unknownOperation',
        { op: id },
      );
    return op ?? null;
  }

  /**
   * An operation the engine calls by itself, when the screen opens or as a person types (a load, a
   * panel, options, a value, a fill, a lookup, a tree, a picker's search): a read, never a write.
   * Writes come only from actions a person presses and confirms, so opening a screen — a link
   * someone was sent — can never act under the viewer's identity.
   */
  auto(id: string | undefined, pointer: string, inputs?: CallInputs): ApiOperation | null {
    const op = this.op(id, pointer);
    if (op && op.method !== 'get')
      this.problem(
        pointer,
        `${op.id} is ${op.method.toUpperCase()}: the engine calls it without a click, so it must be a GET (a read); writes belong in an action a person presses`,
        'api.automaticWrite',
        { op: op.id, method: op.method.toUpperCase() },
      );
    if (inputs?.body !== undefined)
      this.problem(
        `${pointer.replace(/\/operation$/, '')}/params/body`,
        `a call the engine makes without a click sends no body (it reads with GET)`,
        'api.automaticBody',
        {},
      );
    return op;
  }

  fields(
    names: Array<string | undefined>,
    known: string[] | null,
    pointerOf: (i: number) => string,
    what: string,
    where: string,
  ) {
    if (!known) return;
    names.forEach((n, i) => {
      if (n !== undefined && !known.includes(n))
        this.problem(
          pointerOf(i),
          `${what} ${JSON.stringify(n)} is not a field of ${where}${suggest(n, known)}; fields: ${list(known)}`,
          'api.notAField',
          { what, name: n, where, known },
        );
    });
  }

  /**
   * `autoFilled`: names the engine fills by itself when the definition leaves them out (an edit
   * screen takes path parameters from the form fields of the same name, and a delete its version).
   */
  inputs(
    op: ApiOperation | null,
    inputs: CallInputs | undefined,
    at: string,
    opts: { requirePath: boolean; alsoPath?: string[]; autoFilled?: string[] },
  ) {
    if (!op) return;
    const path = Object.keys(inputs?.path ?? {});
    for (const p of path)
      if (!op.pathParams.includes(p) && !opts.alsoPath?.includes(p))
        this.problem(
          `${at}/path/${p}`,
          `${op.id} has no path parameter ${JSON.stringify(p)}; path parameters: ${list(op.pathParams)}`,
          'api.unknownPathParam',
          { op: op.id, name: p, known: op.pathParams },
        );
    if (opts.requirePath)
      for (const p of op.pathParams)
        if (!path.includes(p) && !opts.autoFilled?.includes(p))
          this.problem(
            at || '/',
            `${op.id} (${op.method.toUpperCase()} ${op.path}) needs the path parameter ${JSON.stringify(p)}: add "params": { "path": { "${p}": "…" } }`,
            'api.missingPathParam',
            { op: op.id, name: p },
          );
    const query = Object.keys(inputs?.query ?? {});
    for (const q of op.requiredQuery)
      if (!query.includes(q) && !opts.autoFilled?.includes(q))
        this.problem(
          at || '/',
          `${op.id} needs the query parameter ${JSON.stringify(q)}: add "params": { "query": { "${q}": "…" } }`,
          'api.missingQueryParam',
          { op: op.id, name: q },
        );
    for (const q of Object.keys(inputs?.query ?? {}))
      if (!op.queryParams.includes(q))
        this.problem(
          `${at}/query/${q}`,
          `${op.id} has no query parameter ${JSON.stringify(q)}${suggest(q, op.queryParams)}; query parameters: ${list(op.queryParams)}`,
          'api.unknownQueryParam',
          { op: op.id, name: q, known: op.queryParams },
        );
    const body = inputs?.body;
    if (body && typeof body === 'object' && op.bodyFields) {
      for (const b of Object.keys(body))
        if (!op.bodyFields.includes(b))
          this.problem(
            `${at}/body/${b}`,
            `the body of ${op.id} has no field ${JSON.stringify(b)}${suggest(b, op.bodyFields)}; fields: ${list(op.bodyFields)}`,
            'api.unknownBodyField',
            { op: op.id, name: b, known: op.bodyFields },
          );
    }
  }

  rowPaths(exprs: Array<{ pointer: string; expr: string }>, rowFields: string[] | null, where: string) {
    if (!rowFields) return;
    const visit = (n: ExprNode, pointer: string) => {
      if (
        n.t === 'path' &&
        (n.root === 'row' || n.root === 'node') &&
        typeof n.keys[0] === 'string' &&
        !rowFields.includes(n.keys[0])
      ) {
        this.problem(
          pointer,
          `${n.root}.${n.keys[0]} is not a field of ${where}${suggest(n.keys[0], rowFields)}`,
          'api.notAField',
          { what: 'expression', name: `${n.root}.${n.keys[0]}`, where, known: rowFields },
        );
      }
      if (n.t === 'not') visit(n.e, pointer);
      if (n.t === 'bin') {
        visit(n.l, pointer);
        visit(n.r, pointer);
      }
      if (n.t === 'list' || n.t === 'call') (n.t === 'list' ? n.items : n.args).forEach((x) => visit(x, pointer));
    };
    for (const { pointer, expr } of exprs) {
      try {
        visit(compileExpr(expr), pointer);
      } catch {
        // Syntax problems are reported by validateDefinition.
      }
    }
  }

  target(link: { screen?: string } | undefined, pointer: string) {
    if (link?.screen && this.screens && !this.screens.has(link.screen))
      this.problem(
        `${pointer}/screen`,
        `no screen with id ${JSON.stringify(link.screen)}${suggest(link.screen, [...this.screens])}`,
        'api.unknownScreen',
        { name: link.screen },
      );
  }

  columns(
    columns: ColumnDef[],
    at: string,
    rowFields: string[] | null,
    sortFields: string[] | null,
    where: string,
    formats: Record<string, FieldFormat> = {},
  ) {
    this.fields(
      columns.map((c) => c.field),
      rowFields,
      (i) => `${at}/${i}/field`,
      'column',
      where,
    );
    columns.forEach((c, i) => {
      if (c.currencyField && rowFields && !rowFields.includes(c.currencyField))
        this.problem(
          `${at}/${i}/currencyField`,
          `currencyField ${JSON.stringify(c.currencyField)} is not a field of ${where}`,
          'api.notAField',
          { what: 'currencyField', name: c.currencyField, where, known: rowFields },
        );
      if (c.sortable === true && sortFields && !sortFields.includes(c.field))
        this.problem(
          `${at}/${i}/sortable`,
          `the server cannot sort by ${JSON.stringify(c.field)}; sortable fields: ${list(sortFields)}`,
          'api.notSortable',
          { name: c.field, known: sortFields },
        );
      this.target(c.link, `${at}/${i}/link`);
      // Shown as text, "29.000" or "202610" reads raw: the column type formats it.
      const format = Object.hasOwn(formats, c.field) ? formats[c.field] : undefined;
      // (A link's text is the value too; a month column links by the value as answered.)
      if (format && (c.type ?? 'text') === 'text' && !c.mask && (format === 'month' || !c.link))
        this.problem(
          `${at}/${i}/type`,
          format === 'month'
            ? `${JSON.stringify(c.field)} is a YYYYMM month in ${where}: give the column type "month"`
            : `${JSON.stringify(c.field)} is an exact decimal text in ${where}: give the column type "number" (or "money")`,
          'api.rawText',
          { name: c.field, format },
        );
    });
  }

  actions(actions: ActionDef[] | undefined, at: string, context: { autoFilled?: string[] } = {}) {
    actions?.forEach((a, i) => {
      if (typeof a === 'string') return;
      const p = `${at}/${i}`;
      if ('operation' in a || 'updateOperation' in a) {
        const call = a as CallAction;
        const op = this.op(call.operation, `${p}/operation`);
        const update = call.updateOperation ? this.op(call.updateOperation, `${p}/updateOperation`) : null;
        // A save names one operation to create and one to update: the same params serve both.
        const union = [...(op?.pathParams ?? []), ...(update?.pathParams ?? [])];
        const autoFilled =
          call.kind === 'delete' && !call.params ? [...(context.autoFilled ?? []), 'version'] : context.autoFilled;
        this.inputs(op, call.params, `${p}/params`, { requirePath: true, alsoPath: union, autoFilled });
        if (update) this.inputs(update, call.params, `${p}/params`, { requirePath: true, alsoPath: union, autoFilled });
        // A refusal overruled sends the same call again with these body fields: the operation must take them.
        call.confirmRefusals?.forEach((r, j) =>
          this.inputs(op, { body: r.body }, `${p}/confirmRefusals/${j}`, {
            requirePath: false,
            autoFilled: op?.requiredQuery,
          }),
        );
      }
      if (a.kind === 'open' || a.kind === 'navigate') this.target(a as LinkDef, p);
    });
  }

  /**
   * Every property a save's operation requires must be in the body the save sends, or the save can only
   * answer 400 (an agreement saved without its lines). A 'form' body (a save's default) carries the
   * form's fields (create-only ones only when creating), the parts of compound fields (`params`), the
   * version read (when updating), the attachments' group and the detail grids that name what to `send`;
   * a body map carries its keys (expressions, constants among them). A sent grid sends its items'
   * required fields.
   */
  requiredBody(body: EditBody, at: string, screen: { canCreate: boolean; canUpdate: boolean }) {
    const fields = body.sections.flatMap((s) => s.fields);
    (body.actions ?? []).forEach((a, ai) => {
      if (typeof a === 'string' || a.kind !== 'save') return;
      const call = a as CallAction;
      const map = call.params?.body;
      // A save shown only while creating or only while updating (`"mode == 'update' && …"`) is pressed in that mode alone.
      const only = onlyInMode(call.visible);
      // The operation each mode calls: creating calls `operation`, updating `updateOperation ?? operation`.
      const calls: Array<{ id: string | undefined; mode: 'create' | 'update'; pointer: string }> = [];
      if (screen.canCreate && only !== 'update')
        calls.push({ id: call.operation, mode: 'create', pointer: `${at}/actions/${ai}/operation` });
      if (screen.canUpdate && only !== 'create')
        calls.push({
          id: call.updateOperation ?? call.operation,
          mode: 'update',
          pointer: `${at}/actions/${ai}/${call.updateOperation ? 'updateOperation' : 'operation'}`,
        });
      const seen = new Set<string>();
      for (const { id, mode, pointer } of calls) {
        if (!id || !Object.hasOwn(this.api, id) || seen.has(`${id} ${mode}`)) continue;
        seen.add(`${id} ${mode}`);
        const op = this.api[id];
        if (map && typeof map === 'object') {
          for (const name of op.bodyRequired ?? [])
            if (!Object.hasOwn(map, name))
              this.problem(
                `${at}/actions/${ai}/params/body`,
                `${op.id} requires ${JSON.stringify(name)} in its body; add it to "body"`,
                'api.requiredNotSent',
                { op: op.id, name, mode },
              );
          continue;
        }
        const sent = new Set<string>();
        for (const f of fields) {
          if (f.createOnly && mode === 'update') continue;
          if (f.params) for (const target of Object.values(f.params)) sent.add(target);
          else sent.add(f.field);
        }
        if (mode === 'update') sent.add('version');
        if (body.attachments) sent.add(body.attachments.field);
        for (const name of op.bodyRequired ?? []) {
          if (sent.has(name)) continue;
          const di = (body.details ?? []).findIndex((d) => d.id === name);
          const d = di >= 0 ? body.details![di] : undefined;
          if (Object.hasOwn(op.bodyItemFields, name) || d) {
            if (!d?.send) {
              this.problem(
                d ? `${at}/details/${di}/send` : `${at}/actions/${ai}`,
                `${op.id} requires the list ${JSON.stringify(name)} in its body; ${d ? 'the grid sends its rows only with "send": [the fields to send]' : `no detail grid "${name}" sends it`}`,
                'api.detailNotSent',
                { op: op.id, name },
              );
              continue;
            }
            if (typeof d.send !== 'string')
              // A number or money cell is sent as a JS number unless `exact`: a body that takes text refuses it.
              for (const f of d.send) {
                const ci = d.columns.findIndex((c) => c.field === f);
                const c = d.columns[ci];
                if (
                  c &&
                  (c.type === 'number' || c.type === 'money') &&
                  !c.exact &&
                  op.bodyItemStrings?.[name]?.includes(f)
                )
                  this.problem(
                    `${at}/details/${di}/columns/${ci}/exact`,
                    `${op.id} takes ${JSON.stringify(f)} of ${JSON.stringify(name)} as text (an exact decimal): give the column "exact": true, or it is sent as a number`,
                    'api.decimalAsNumber',
                    { op: op.id, name: f, list: name },
                  );
              }
            if (typeof d.send !== 'string')
              for (const f of op.bodyItemRequired?.[name] ?? [])
                if (!d.send.includes(f))
                  this.problem(
                    `${at}/details/${di}/send`,
                    `${op.id} requires ${JSON.stringify(f)} in each row of ${JSON.stringify(name)}; add it to "send"`,
                    'api.detailFieldNotSent',
                    { op: op.id, name: f, list: name },
                  );
            continue;
          }
          const createOnly = mode === 'update' && fields.some((f) => f.field === name && f.createOnly);
          this.problem(
            pointer,
            `${op.id} requires ${JSON.stringify(name)} in its body${mode === 'update' ? ' when updating' : ''}; ${createOnly ? `the field "${name}" is createOnly, so an update does not send it` : `no field of the form sends it: add a field "${name}" (hidden with "visible": "false" for a value the person does not type), or build the body with "params": { "body": { … } }`}`,
            'api.requiredNotSent',
            { op: op.id, name, mode, createOnly },
          );
        }
      }
    });
  }

  editBody(
    body: EditBody,
    at: string,
    node: { fields: string[] | null; itemFields?: Record<string, string[]> } | null,
    /** Whether the body creates records, updates them, or both (an edit screen with a key does both). */
    modes: { canCreate: boolean; canUpdate: boolean },
  ) {
    const load = this.auto(body.load?.operation, `${at}/load/operation`, body.load?.params);
    this.inputs(load, body.load?.params, `${at}/load/params`, { requirePath: true });
    const saveOps = (body.actions ?? [])
      .filter((a): a is CallAction => typeof a !== 'string' && a.kind === 'save')
      .flatMap((a) => [a.operation, a.updateOperation])
      .filter((id): id is string => !!id && Object.hasOwn(this.api, id))
      .map((id) => this.api[id]);
    const known = new Set<string>([
      ...(load?.answerFields ?? []),
      ...(node?.fields ?? []),
      ...saveOps.flatMap((o) => o.bodyFields ?? []),
    ]);
    const checkable = load?.answerFields || node?.fields || saveOps.some((o) => o.bodyFields);
    body.sections.forEach((s, si) =>
      s.fields.forEach((f, fi) => {
        if (checkable && f.params)
          for (const [part, target] of Object.entries(f.params))
            if (!known.has(target))
              this.problem(
                `${at}/sections/${si}/fields/${fi}/params/${part}`,
                `params target ${JSON.stringify(target)} is neither in the loaded record nor in the body of ${saveOps.map((o) => o.id).join('/') || 'a save operation'}${suggest(target, [...known])}`,
                'api.formField',
                { what: 'params', name: target, ops: saveOps.map((o) => o.id) },
              );
        if (f.valueFrom) {
          // A value another operation gives: the field need not be in the record or the body.
          const vop = this.auto(
            f.valueFrom.operation,
            `${at}/sections/${si}/fields/${fi}/valueFrom/operation`,
            f.valueFrom.params,
          );
          this.inputs(vop, f.valueFrom.params, `${at}/sections/${si}/fields/${fi}/valueFrom/params`, {
            requirePath: true,
          });
        } else if (checkable && !known.has(f.field))
          this.problem(
            `${at}/sections/${si}/fields/${fi}/field`,
            `field ${JSON.stringify(f.field)} is neither in the loaded record nor in the body of ${saveOps.map((o) => o.id).join('/') || 'a save operation'}${suggest(f.field, [...known])}`,
            'api.formField',
            { what: 'field', name: f.field, ops: saveOps.map((o) => o.id) },
          );
        if (f.optionsFrom) {
          const op = this.auto(f.optionsFrom.operation, `${at}/sections/${si}/fields/${fi}/optionsFrom/operation`);
          this.fields(
            [f.optionsFrom.value, f.optionsFrom.text],
            op?.rowFields ?? null,
            (k) => `${at}/sections/${si}/fields/${fi}/optionsFrom/${k === 0 ? 'value' : 'text'}`,
            'option field',
            op?.id ?? '',
          );
        }
      }),
    );
    body.details?.forEach((d, di) => {
      const dop = this.auto(d.load?.operation, `${at}/details/${di}/load/operation`, d.load?.params);
      this.inputs(dop, d.load?.params, `${at}/details/${di}/load/params`, { requirePath: true });
      const sent = saveOps.map((o) => o.bodyItemFields[d.id]).find((f) => f);
      // Rows from the record's field of the grid's id: what the record answers and what the save takes.
      const shown = load?.answerItemFields?.[d.id] ?? node?.itemFields?.[d.id];
      const fromRecord = shown || sent ? [...new Set([...(shown ?? []), ...(sent ?? [])])] : null;
      // Rows filled from another document (fillFrom) carry its fields too; a `product` column is computed.
      const filled = d.fillFrom ? fillPairs(d.fillFrom.fill).map(([to]) => to) : [];
      const computed = d.columns.flatMap((c) => (c.product ? [c.field] : []));
      const base = dop?.rowFields ?? fromRecord;
      const rowFields =
        base && (filled.length || computed.length) ? [...new Set([...base, ...filled, ...computed])] : base;
      this.columns(
        d.columns,
        `${at}/details/${di}/columns`,
        rowFields,
        null,
        dop ? `the rows of ${dop.id}` : `the "${d.id}" rows`,
      );
      if (d.fillFrom) {
        const fop = this.auto(d.fillFrom.operation, `${at}/details/${di}/fillFrom/operation`, d.fillFrom.params);
        this.inputs(fop, d.fillFrom.params, `${at}/details/${di}/fillFrom/params`, { requirePath: true });
        // The answer's rows: the operation's list rows, or the items of the answer's field `rows` names.
        const from = fop
          ? d.fillFrom.rows && !d.fillFrom.rows.includes('.')
            ? (fop.answerItemFields?.[d.fillFrom.rows] ?? null)
            : d.fillFrom.rows
              ? null
              : fop.rowFields
          : null;
        const pairs = fillPairs(d.fillFrom.fill);
        this.fields(
          pairs.map(([, f]) => f),
          from,
          (k) => `${at}/details/${di}/fillFrom/fill/${Array.isArray(d.fillFrom!.fill) ? k : pairs[k][0]}`,
          'field',
          `the rows of ${fop?.id ?? ''}`,
        );
      }
      [d.addFrom ?? []].flat().forEach((a, ai) => {
        const where = `${at}/details/${di}/addFrom${Array.isArray(d.addFrom) ? `/${ai}` : ''}`;
        if (a.operation) this.auto(a.operation, `${where}/operation`);
        if (a.categories) this.auto(a.categories.operation, `${where}/categories/operation`);
      });
      d.columns.forEach((c, ci) => {
        if (!c.lookup) return;
        const lop = this.auto(c.lookup.operation, `${at}/details/${di}/columns/${ci}/lookup/operation`);
        const param = c.lookup.param ?? c.field;
        if (lop && !lop.pathParams.includes(param) && !lop.queryParams.includes(param))
          this.problem(
            `${at}/details/${di}/columns/${ci}/lookup`,
            `${lop.id} has no path or query parameter ${JSON.stringify(param)}; name it with "param"`,
            'api.lookupParam',
            { op: lop.id, name: param },
          );
        if (lop?.answerFields) {
          const pairs = fillPairs(c.lookup.fill);
          this.fields(
            pairs.map(([, from]) => from),
            lop.answerFields,
            (k) => `${at}/details/${di}/columns/${ci}/lookup/fill/${Array.isArray(c.lookup!.fill) ? k : pairs[k][0]}`,
            'field',
            `the answer of ${lop.id}`,
          );
        }
      });
      if (rowFields && !rowFields.includes(d.rowKey))
        this.problem(
          `${at}/details/${di}/rowKey`,
          `rowKey ${JSON.stringify(d.rowKey)} is not a field of the rows; fields: ${list(rowFields)}`,
          'api.notAField',
          {
            what: 'rowKey',
            name: d.rowKey,
            where: dop ? `the rows of ${dop.id}` : `the "${d.id}" rows`,
            known: rowFields,
          },
        );
    });
    this.requiredBody(body, at, modes);
    // Path parameters named like a field of the form or the record are filled from it.
    this.actions(body.actions, `${at}/actions`, {
      autoFilled: [...known, ...body.sections.flatMap((s) => s.fields.map((f) => f.field))],
    });
  }
}

/** Problems of one definition against the API (and, when given, the set of known screen ids). */
export function crossCheckDefinition(
  def: ScreenDef,
  api: ApiIndex,
  file: string,
  screens: ReadonlySet<string> | null = null,
  exprs: Array<{ pointer: string; expr: string }> = [],
): DefinitionProblem[] {
  const c = new Checker(api, file, screens);
  switch (def.kind) {
    case 'list': {
      const op = c.auto(def.source.operation, '/source/operation', def.source.params);
      if (op && !op.list)
        c.problem(
          '/source/operation',
          `${op.id} does not answer a list ({ rows, total }); a list screen needs a list operation`,
          'api.notAList',
          { op: op.id },
        );
      const pathFilters = (def.filters ?? []).filter((f) => f.in === 'path').map((f) => f.field);
      c.inputs(
        op,
        {
          ...def.source.params,
          path: { ...Object.fromEntries(pathFilters.map((f) => [f, `filters.${f}`])), ...def.source.params?.path },
        },
        '/source/params',
        { requirePath: true, alsoPath: pathFilters },
      );
      const where = op ? `the rows of ${op.id}` : '';
      const filterParams = op ? op.queryParams.filter((q) => !PAGING.has(q)) : [];
      def.filters?.forEach((f, i) => {
        if (f.in === 'path') {
          if (op && !op.pathParams.includes(f.field))
            c.problem(
              `/filters/${i}/field`,
              `${op.id} has no path parameter ${JSON.stringify(f.field)}; path parameters: ${list(op.pathParams)}`,
              'api.unknownPathParam',
              { op: op.id, name: f.field, known: op.pathParams },
            );
          return;
        }
        const targets = f.params
          ? Object.entries(f.params).map(([part, q]) => ({ q, pointer: `/filters/${i}/params/${part}` }))
          : [{ q: f.field, pointer: `/filters/${i}/field` }];
        for (const t of targets)
          if (op && !filterParams.includes(t.q))
            c.problem(
              t.pointer,
              `${op.id} has no query parameter ${JSON.stringify(t.q)}${suggest(t.q, filterParams)}; filter parameters: ${list(filterParams)}`,
              'api.unknownFilterParam',
              { op: op.id, name: t.q, known: filterParams },
            );
        if (f.optionsFrom) {
          const o = c.auto(f.optionsFrom.operation, `/filters/${i}/optionsFrom/operation`);
          c.fields(
            [f.optionsFrom.value, f.optionsFrom.text],
            o?.rowFields ?? null,
            (k) => `/filters/${i}/optionsFrom/${k === 0 ? 'value' : 'text'}`,
            'option field',
            o ? `the rows of ${o.id}` : '',
          );
        }
      });
      c.columns(def.columns, '/columns', op?.rowFields ?? null, op?.sortFields ?? null, where, op?.fieldFormats);
      if (def.source.defaultSort && op) {
        const field = def.source.defaultSort.split(':')[0];
        if (!op.sortFields.includes(field))
          c.problem(
            '/source/defaultSort',
            `the server cannot sort by ${JSON.stringify(field)}; sortable fields: ${list(op.sortFields)}`,
            'api.notSortable',
            { name: field, known: op.sortFields },
          );
      }
      if (def.source.rowKey && op?.rowFields && !op.rowFields.includes(def.source.rowKey))
        c.problem(
          '/source/rowKey',
          `rowKey ${JSON.stringify(def.source.rowKey)} is not a field of ${where}`,
          'api.notAField',
          { what: 'rowKey', name: def.source.rowKey, where, known: op.rowFields },
        );
      c.target(def.rowOpen, '/rowOpen');
      if (def.source.rebuild)
        c.inputs(
          c.op(def.source.rebuild.operation, '/source/rebuild/operation'),
          def.source.rebuild.params,
          '/source/rebuild/params',
          { requirePath: true },
        );
      if (def.chart) {
        const ch = def.chart;
        c.fields(
          [ch.x, ...ch.series.map((s) => s.field)],
          op?.rowFields ?? null,
          (k) => (k === 0 ? '/chart/x' : `/chart/series/${k - 1}/field`),
          'chart field',
          where,
        );
        c.target(ch.drill, '/chart/drill');
      }
      if (def.pivot) {
        const pv = def.pivot;
        const named = [
          [pv.row.key, '/pivot/row/key'],
          [pv.row.label, '/pivot/row/label'],
          ...(pv.column
            ? [
                [pv.column.key, '/pivot/column/key'],
                [pv.column.label, '/pivot/column/label'],
              ]
            : []),
          ...pv.measures.flatMap((m, k) => [
            [m.field, `/pivot/measures/${k}/field`],
            ...(m.previous ? [[m.previous, `/pivot/measures/${k}/previous`]] : []),
          ]),
        ] as Array<[string, string]>;
        c.fields(
          named.map(([f]) => f),
          op?.rowFields ?? null,
          (k) => named[k][1],
          'pivot field',
          where,
        );
        c.target(pv.drill, '/pivot/drill');
      }
      c.actions(def.actions, '/actions');
      c.rowPaths(
        exprs.filter((e) => !e.pointer.startsWith('/filters')),
        op?.rowFields ?? null,
        where,
      );
      break;
    }
    case 'edit':
      c.editBody(def, '', null, { canCreate: !def.singleton, canUpdate: !!(def.key || def.singleton) });
      // The supplier picker's search and the pages a refusal opens must exist too.
      if (def.choose) c.auto(def.choose.operation, '/choose/operation');
      for (const [code, link] of Object.entries(def.refused ?? {})) c.target(link, `/refused/${code}`);
      break;
    case 'tree': {
      const op = c.auto(def.tree.operation, '/tree/operation', def.tree.params);
      c.inputs(op, def.tree.params, '/tree/params', { requirePath: true });
      const rows = op?.rowFields ?? null;
      const where = op ? `the rows of ${op.id}` : '';
      c.fields(
        [def.tree.idField, def.tree.labelField, def.tree.parentField, def.tree.detailField],
        rows,
        (i) => `/tree/${['idField', 'labelField', 'parentField', 'detailField'][i]}`,
        'field',
        where,
      );
      // A tree's node editor saves a new node and the node chosen.
      c.editBody(
        def.detail,
        '/detail',
        { fields: rows, itemFields: op?.rowItemFields },
        { canCreate: true, canUpdate: true },
      );
      c.actions(def.actions, '/actions');
      c.rowPaths(exprs, rows, where);
      break;
    }
    case 'dashboard':
      def.panels.forEach((p, i) => {
        const op = c.auto(p.source.operation, `/panels/${i}/source/operation`, p.source.params);
        c.inputs(op, p.source.params, `/panels/${i}/source/params`, { requirePath: true });
        const rows = op?.rowFields ?? null;
        const where = op ? `the rows of ${op.id}` : '';
        c.fields(
          [p.x, p.value, ...(p.series ?? []).map((s) => s.field)],
          rows,
          (k) => (k === 0 ? `/panels/${i}/x` : k === 1 ? `/panels/${i}/value` : `/panels/${i}/series/${k - 2}/field`),
          'field',
          where,
        );
        if (p.columns) c.columns(p.columns, `/panels/${i}/columns`, rows, null, where);
      });
      break;
    case 'custom':
      break;
  }
  return c.out;
}
