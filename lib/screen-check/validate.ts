/**
 * Validates a definition against schemas/screen.schema.json (ajv) and the rules a schema cannot
 * say (expressions parse, references resolve, a select has options …). Used by the engine at
 * render time in development and by `npm run screens:check`, so both report the same problems.
 */
import type { ErrorObject } from 'ajv';
import validateScreen from '../../schemas/screen-validator.generated';
import { compileExpr, ExprError } from './expr';
import { pointerOf, type DefinitionProblem, type ProblemParams } from './problems';
import { suggest } from './suggest';
import type { ActionDef, ColumnDef, EditBody, FilterDef, ScreenDef } from './types';

type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
/** Compiled ahead of time (`npm run codegen:screens`, verbose: errors carry their parent schema): no `new Function` in the browser. */
const schemaValidator = () => validateScreen as unknown as CompiledValidator;

const quote = (v: unknown) => JSON.stringify(v);

/** Ajv's errors as one sentence each, naming what was expected, with the code and variables a screen words them by. */
function describe(error: ErrorObject, value: unknown): { message: string; code: string; params: ProblemParams } {
  const p = error.params as Record<string, unknown>;
  const got = { value: value === undefined ? null : quote(value) };
  switch (error.keyword) {
    case 'additionalProperties': {
      const known = Object.keys(
        ((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object,
      );
      return {
        code: 'schema.additionalProperties',
        params: { name: String(p.additionalProperty), known },
        message: `unknown property ${quote(p.additionalProperty)}${suggest(String(p.additionalProperty), known)}; expected one of: ${known.join(', ')}`,
      };
    }
    case 'required':
      return {
        code: 'schema.required',
        params: { name: String(p.missingProperty) },
        message: `missing required property ${quote(p.missingProperty)}`,
      };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => (typeof v === 'string' ? v : quote(v)));
      return {
        code: 'schema.enum',
        params: { allowed, ...got },
        message: `must be one of: ${(p.allowedValues as unknown[]).map((v) => quote(v)).join(', ')}; got ${quote(value)}${
          typeof value === 'string'
            ? suggest(
                value,
                (p.allowedValues as unknown[]).filter((v): v is string => typeof v === 'string'),
              )
            : ''
        }`,
      };
    }
    case 'const':
      return {
        code: 'schema.const',
        params: { allowed: quote(p.allowedValue), ...got },
        message: `must be ${quote(p.allowedValue)}; got ${quote(value)}`,
      };
    case 'type': {
      const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      return {
        code: 'schema.type',
        params: { types: String(p.type).split(','), actual, ...got },
        message: `must be ${String(p.type).replace(',', ' or ')}; got ${actual} ${quote(value)}`,
      };
    }
    case 'pattern': {
      const what = (error.parentSchema as { description?: string } | undefined)?.description;
      return {
        code: 'schema.pattern',
        params: { pattern: String(p.pattern), ...got },
        message: `${quote(value)} does not match ${what ? `${what} ` : ''}(pattern ${p.pattern})`,
      };
    }
    case 'minItems':
      return {
        code: 'schema.minItems',
        params: { limit: Number(p.limit) },
        message: `must have at least ${p.limit} item(s)`,
      };
    case 'maxItems':
      return {
        code: 'schema.maxItems',
        params: { limit: Number(p.limit) },
        message: `must have at most ${p.limit} item(s)`,
      };
    case 'minLength':
      return {
        code: 'schema.minLength',
        params: { limit: Number(p.limit) },
        message: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`,
      };
    case 'maxLength':
      return {
        code: 'schema.maxLength',
        params: { limit: Number(p.limit) },
        message: `must be at most ${p.limit} characters`,
      };
    case 'minimum':
      return {
        code: 'schema.minimum',
        params: { limit: Number(p.limit), ...got },
        message: `must be ${p.limit} or more; got ${quote(value)}`,
      };
    case 'maximum':
      return {
        code: 'schema.maximum',
        params: { limit: Number(p.limit), ...got },
        message: `must be ${p.limit} or less; got ${quote(value)}`,
      };
    case 'uniqueItems':
      return {
        code: 'schema.uniqueItems',
        params: { first: Number(p.j) + 1, second: Number(p.i) + 1 },
        message: `items ${Number(p.j) + 1} and ${Number(p.i) + 1} are the same; each may appear once`,
      };
    case 'propertyNames':
      return { code: 'schema.propertyNames', params: {}, message: 'a property name is not allowed here' };
    default:
      return { code: 'schema.other', params: { keyword: error.keyword }, message: error.message ?? error.keyword };
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  if (!pointer) return root;
  let v: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Keeps the errors that say something: not the if/then/oneOf wrappers when a leaf error explains them. */
function schemaProblems(def: unknown, file: string): DefinitionProblem[] {
  const validate = schemaValidator();
  if (validate(def)) return [];
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if');
  const out = new Map<string, DefinitionProblem>();
  // Alternatives (a rule is an expression or a boolean): report them as one "must be a or b".
  const alternatives = new Map<string, string[]>();
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
    const inAlternative = errors.some(
      (o) =>
        (o.keyword === 'oneOf' || o.keyword === 'anyOf') &&
        o.instancePath === e.instancePath &&
        e.schemaPath.startsWith(o.schemaPath.replace(/\/(oneOf|anyOf)$/, '')),
    );
    if (inAlternative && e.keyword === 'type') {
      const list = alternatives.get(e.instancePath) ?? [];
      list.push(String((e.params as { type: string }).type));
      alternatives.set(e.instancePath, list);
      continue;
    }
    const { message, code, params } = describe(e, valueAt(def, e.instancePath));
    out.set(`${e.instancePath}\n${message}`, { file, pointer: e.instancePath, message, code, params });
  }
  for (const [pointer, types] of alternatives) {
    const hasOther = [...out.values()].some((p) => p.pointer === pointer);
    if (!hasOther) {
      const value = valueAt(def, pointer);
      out.set(`${pointer}\nalt`, {
        file,
        pointer,
        message: `must be ${[...new Set(types)].join(' or ')}; got ${quote(value)}`,
        code: 'schema.type',
        params: {
          types: [...new Set(types.flatMap((t) => t.split(',')))],
          actual: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
          value: value === undefined ? null : quote(value),
        },
      });
    }
  }
  // An object without its `kind` (an action, a panel …): every other complaint about it is each kind's own
  // (a missing `screen` for an open, `fileName` for an export …), so the one problem is the missing kind.
  const kindless = new Set(
    [...out.values()]
      .filter((p) => p.code === 'schema.required' && (p.params as { name?: string }).name === 'kind')
      .map((p) => p.pointer),
  );
  for (const [key, p] of out)
    if (kindless.has(p.pointer) && !(p.code === 'schema.required' && (p.params as { name?: string }).name === 'kind'))
      out.delete(key);
  if (out.size === 0) {
    for (const e of errors)
      out.set(`${e.instancePath}\n${e.message}`, {
        file,
        pointer: e.instancePath,
        message: e.message ?? e.keyword,
        code: 'schema.other',
        params: { keyword: e.keyword },
      });
  }
  return [...out.values()];
}

type Walk = (pointer: string, expr: string) => void;

function walkInputs(inputs: { path?: object; query?: object; body?: unknown } | undefined, at: string, visit: Walk) {
  if (!inputs) return;
  for (const part of ['path', 'query'] as const)
    for (const [k, v] of Object.entries(inputs[part] ?? {})) visit(`${at}/${part}/${k}`, v as string);
  if (inputs.body && typeof inputs.body === 'object')
    for (const [k, v] of Object.entries(inputs.body)) visit(`${at}/body/${k}`, v as string);
}

function walkColumns(columns: ColumnDef[] | undefined, at: string, visit: Walk) {
  columns?.forEach((c, i) => {
    if (typeof c.editable === 'string') visit(`${at}/${i}/editable`, c.editable);
    for (const [k, v] of Object.entries(c.link?.query ?? {})) visit(`${at}/${i}/link/query/${k}`, v);
  });
}

function walkActions(actions: ActionDef[] | undefined, at: string, visit: Walk) {
  actions?.forEach((a, i) => {
    if (typeof a === 'string') return;
    const p = `${at}/${i}`;
    if (a.visible) visit(`${p}/visible`, a.visible);
    if (a.enabled) visit(`${p}/enabled`, a.enabled);
    if ('params' in a) walkInputs(a.params, `${p}/params`, visit);
    if ('prompt' in a && a.prompt)
      a.prompt.fields.forEach((f, fi) => {
        if (f.visible) visit(`${p}/prompt/fields/${fi}/visible`, f.visible);
        if (f.enabled) visit(`${p}/prompt/fields/${fi}/enabled`, f.enabled);
      });
    if ('query' in a && a.query) for (const [k, v] of Object.entries(a.query)) visit(`${p}/query/${k}`, v);
  });
}

function walkEditBody(body: EditBody, at: string, visit: Walk) {
  walkInputs(body.load?.params, `${at}/load/params`, visit);
  if (typeof body.readOnly === 'string') visit(`${at}/readOnly`, body.readOnly);
  body.sections?.forEach((s, si) => {
    if (s.visible) visit(`${at}/sections/${si}/visible`, s.visible);
    s.fields?.forEach((f, fi) => {
      const p = `${at}/sections/${si}/fields/${fi}`;
      if (f.visible) visit(`${p}/visible`, f.visible);
      if (f.enabled) visit(`${p}/enabled`, f.enabled);
      if (typeof f.readOnly === 'string') visit(`${p}/readOnly`, f.readOnly);
      walkInputs(f.optionsFrom?.params, `${p}/optionsFrom/params`, visit);
      walkInputs(f.valueFrom?.params, `${p}/valueFrom/params`, visit);
      if (f.valueFrom?.when) visit(`${p}/valueFrom/when`, f.valueFrom.when);
      if (f.sendWhen) visit(`${p}/sendWhen`, f.sendWhen);
    });
  });
  body.details?.forEach((d, di) => {
    if (d.visible) visit(`${at}/details/${di}/visible`, d.visible);
    if (typeof d.canAdd === 'string') visit(`${at}/details/${di}/canAdd`, d.canAdd);
    if (typeof d.canDelete === 'string') visit(`${at}/details/${di}/canDelete`, d.canDelete);
    walkColumns(d.columns, `${at}/details/${di}/columns`, visit);
    walkInputs(d.load?.params, `${at}/details/${di}/load/params`, visit);
    walkInputs(d.fillFrom?.params, `${at}/details/${di}/fillFrom/params`, visit);
    if (d.fillFrom?.when) visit(`${at}/details/${di}/fillFrom/when`, d.fillFrom.when);
    if (d.fillFrom?.where) visit(`${at}/details/${di}/fillFrom/where`, d.fillFrom.where);
    if (d.sendWhen) visit(`${at}/details/${di}/sendWhen`, d.sendWhen);
  });
  if (typeof body.attachments?.readOnly === 'string') visit(`${at}/attachments/readOnly`, body.attachments.readOnly);
  walkActions(body.actions, `${at}/actions`, visit);
}

/** Every expression of a definition with its pointer. */
export function expressionsOf(def: ScreenDef): Array<{ pointer: string; expr: string }> {
  const out: Array<{ pointer: string; expr: string }> = [];
  const visit: Walk = (pointer, expr) => out.push({ pointer, expr });
  const filters = (list: FilterDef[] | undefined) =>
    list?.forEach((f, i) => {
      if (f.visible) visit(`/filters/${i}/visible`, f.visible);
      if (f.enabled) visit(`/filters/${i}/enabled`, f.enabled);
      walkInputs(f.optionsFrom?.params, `/filters/${i}/optionsFrom/params`, visit);
    });
  switch (def.kind) {
    case 'list':
      walkInputs(def.source.params, '/source/params', visit);
      walkInputs(def.source.rebuild?.params, '/source/rebuild/params', visit);
      filters(def.filters);
      walkColumns(def.columns, '/columns', visit);
      for (const [k, v] of Object.entries(def.rowOpen?.query ?? {})) visit(`/rowOpen/query/${k}`, v);
      for (const [k, v] of Object.entries(def.chart?.drill?.query ?? {})) visit(`/chart/drill/query/${k}`, v);
      for (const [k, v] of Object.entries(def.pivot?.drill?.query ?? {})) visit(`/pivot/drill/query/${k}`, v);
      walkActions(def.actions, '/actions', visit);
      break;
    case 'edit':
      walkEditBody(def, '', visit);
      break;
    case 'tree':
      walkInputs(def.tree.params, '/tree/params', visit);
      walkEditBody(def.detail, '/detail', visit);
      walkActions(def.actions, '/actions', visit);
      break;
    case 'dashboard':
      def.panels.forEach((p, i) => walkInputs(p.source.params, `/panels/${i}/source/params`, visit));
      break;
    case 'custom':
      break;
  }
  return out;
}

const SELECT_WIDGETS = new Set(['select', 'multiSelect', 'radio']);

function filterRules(list: FilterDef[] | undefined, at: string, file: string, out: DefinitionProblem[]) {
  const names = new Set<string>();
  list?.forEach((f, i) => {
    const p = `${at}/${i}`;
    if (names.has(f.field))
      out.push({
        file,
        pointer: `${p}/field`,
        message: `field ${quote(f.field)} appears twice`,
        code: 'rule.duplicateField',
        params: { name: f.field },
      });
    names.add(f.field);
    if (SELECT_WIDGETS.has(f.widget ?? '') && !f.codeGroup && !f.options && !f.optionsFrom) {
      out.push({
        file,
        pointer: `${p}/widget`,
        message: `a ${f.widget} needs its choices: codeGroup, options or optionsFrom`,
        code: 'rule.selectChoices',
        params: { widget: f.widget },
      });
    }
    if (f.in === 'path' && f.params)
      out.push({
        file,
        pointer: `${p}/in`,
        message: 'a path filter sends its value to the path parameter named by "field"; leave out "params"',
        code: 'rule.pathFilterParams',
        params: {},
      });
    // A range sends [from, to] to the parameter named by `field`, or each end to its own parameter.
    if ((f.widget === 'dateRange' || f.widget === 'monthRange') && f.params && (!f.params.from || !f.params.to)) {
      out.push({
        file,
        pointer: p,
        message: `a ${f.widget} filter with "params" names both query parameters: "params": { "from": "…", "to": "…" } (or leave "params" out to send [from, to] to "${f.field}")`,
        code: 'rule.rangeParams',
        params: { widget: f.widget, name: f.field },
      });
    }
  });
  list?.forEach((f, i) => {
    if (f.dependsOn && !names.has(f.dependsOn))
      out.push({
        file,
        pointer: `${at}/${i}/dependsOn`,
        message: `no filter named ${quote(f.dependsOn)} (filters: ${[...names].join(', ')})`,
        code: 'rule.dependsOn',
        params: { name: f.dependsOn, known: [...names] },
      });
  });
}

function columnRules(columns: ColumnDef[] | undefined, at: string, file: string, out: DefinitionProblem[]) {
  const seen = new Set<string>();
  columns?.forEach((c, i) => {
    if (seen.has(c.field))
      out.push({
        file,
        pointer: `${at}/${i}/field`,
        message: `column ${quote(c.field)} appears twice`,
        code: 'rule.duplicateColumn',
        params: { name: c.field },
      });
    seen.add(c.field);
    if (c.type === 'code' && !c.codeGroup && !c.options)
      out.push({
        file,
        pointer: `${at}/${i}`,
        message: 'a code column needs codeGroup or options to show code texts',
        code: 'rule.codeColumn',
        params: {},
      });
    if (c.exact && c.type !== 'number' && c.type !== 'money')
      out.push({
        file,
        pointer: `${at}/${i}/exact`,
        message: 'exact is for number and money columns (a decimal held as text)',
        code: 'rule.exactColumn',
        params: {},
      });
  });
  // A computed cell multiplies other cells of the row: they must be columns of the grid.
  columns?.forEach((c, i) =>
    c.product?.forEach((f, k) => {
      if (!seen.has(f))
        out.push({
          file,
          pointer: `${at}/${i}/product/${k}`,
          message: `product names ${quote(f)}, which is not a column of this grid`,
          code: 'rule.productColumn',
          params: { name: f },
        });
      else if (f === c.field)
        out.push({
          file,
          pointer: `${at}/${i}/product/${k}`,
          message: 'a computed cell cannot multiply itself',
          code: 'rule.productSelf',
          params: {},
        });
    }),
  );
}

function actionRules(actions: ActionDef[] | undefined, at: string, file: string, out: DefinitionProblem[]) {
  const ids = new Set<string>();
  actions?.forEach((a, i) => {
    const obj = typeof a === 'string' ? { kind: a } : a;
    const id = ('id' in obj && obj.id) || obj.kind;
    if (ids.has(id))
      out.push({
        file,
        pointer: `${at}/${i}`,
        message: `two actions share the id ${quote(id)}; give one an "id"`,
        code: 'rule.duplicateAction',
        params: { name: id },
      });
    ids.add(id);
    if (['call', 'save', 'delete', 'workflow'].includes(obj.kind) && !('operation' in obj && obj.operation)) {
      out.push({
        file,
        pointer: `${at}/${i}`,
        message: `a ${obj.kind} action names its "operation"`,
        code: 'rule.actionOperation',
        params: { kind: obj.kind },
      });
    }
    if ('prompt' in obj && obj.prompt)
      obj.prompt.fields.forEach((f, fi) => {
        if (SELECT_WIDGETS.has(f.widget ?? '') && !f.codeGroup && !f.options && !f.optionsFrom)
          out.push({
            file,
            pointer: `${at}/${i}/prompt/fields/${fi}/widget`,
            message: `a ${f.widget} needs its choices: codeGroup, options or optionsFrom`,
            code: 'rule.selectChoices',
            params: { widget: f.widget },
          });
      });
  });
}

function editRules(body: EditBody, at: string, file: string, out: DefinitionProblem[]) {
  const seen = new Set<string>();
  body.sections.forEach((s, si) =>
    s.fields.forEach((f, fi) => {
      const p = `${at}/sections/${si}/fields/${fi}`;
      if (seen.has(f.field))
        out.push({
          file,
          pointer: `${p}/field`,
          message: `field ${quote(f.field)} appears twice`,
          code: 'rule.duplicateField',
          params: { name: f.field },
        });
      seen.add(f.field);
      if (SELECT_WIDGETS.has(f.widget ?? '') && !f.codeGroup && !f.options && !f.optionsFrom)
        out.push({
          file,
          pointer: `${p}/widget`,
          message: `a ${f.widget} needs its choices: codeGroup, options or optionsFrom`,
          code: 'rule.selectChoices',
          params: { widget: f.widget },
        });
    }),
  );
  body.details?.forEach((d, di) => {
    columnRules(d.columns, `${at}/details/${di}/columns`, file, out);
    [d.addFrom ?? []].flat().forEach((a, ai) => {
      const pointer = `${at}/details/${di}/addFrom${Array.isArray(d.addFrom) ? `/${ai}` : ''}`;
      if (a.widget === 'item' && !a.operation)
        out.push({
          file,
          pointer,
          message:
            'the item popup searches with an operation: add "operation" (a list operation taking catCode, itemName, spec, itemCode)',
          code: 'rule.popupOperation',
          params: { widget: 'item' },
        });
      if (a.widget === 'company' && !a.operation)
        out.push({
          file,
          pointer,
          message:
            'the company popup searches with an operation: add "operation" (called with q; rows with compNo, compNameKr, taxNo2)',
          code: 'rule.popupOperation',
          params: { widget: 'company' },
        });
      if (a.widget === 'agreementLine' && !a.operation)
        out.push({
          file,
          pointer,
          message:
            'the agreement-line popup searches with an operation: add "operation" (a list operation taking agreementNo, compName, itemName)',
          code: 'rule.popupOperation',
          params: { widget: 'agreementLine' },
        });
    });
  });
  actionRules(body.actions, `${at}/actions`, file, out);
  if (body.key && !body.load)
    out.push({
      file,
      pointer: `${at}/key`,
      message: 'a screen with a key loads its record: add "load": { "operation": … }',
      code: 'rule.keyLoad',
      params: {},
    });
}

/** The rules a JSON Schema cannot state. Assumes the schema check passed. */
function semanticProblems(def: ScreenDef, file: string): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  for (const { pointer, expr } of expressionsOf(def)) {
    try {
      compileExpr(expr);
    } catch (e) {
      out.push({
        file,
        pointer,
        message: e instanceof ExprError ? `expression: ${e.message}` : String(e),
        code: 'rule.expression',
        params: {
          expr,
          at: e instanceof ExprError ? e.position + 1 : null,
          detail: e instanceof ExprError ? e.message.replace(/ at position \d+ of `[\s\S]*`$/, '') : String(e),
        },
      });
    }
  }
  switch (def.kind) {
    case 'list':
      filterRules(def.filters, '/filters', file, out);
      columnRules(def.columns, '/columns', file, out);
      actionRules(def.actions, '/actions', file, out);
      break;
    case 'edit':
      editRules(def, '', file, out);
      break;
    case 'tree':
      editRules(def.detail, '/detail', file, out);
      actionRules(def.actions, '/actions', file, out);
      break;
    case 'dashboard': {
      const ids = new Set<string>();
      def.panels.forEach((p, i) => {
        if (ids.has(p.id))
          out.push({
            file,
            pointer: pointerOf('panels', i, 'id'),
            message: `panel id ${quote(p.id)} appears twice`,
            code: 'rule.duplicatePanel',
            params: { name: p.id },
          });
        ids.add(p.id);
        if (['bar', 'line', 'area'].includes(p.type) && (!p.x || !p.series))
          out.push({
            file,
            pointer: pointerOf('panels', i),
            message: `a ${p.type} chart names "x" and "series"`,
            code: 'rule.chartXSeries',
            params: { type: p.type },
          });
        if (p.type === 'pie' && (!p.x || !p.value))
          out.push({
            file,
            pointer: pointerOf('panels', i),
            message: 'a pie chart names "x" (slice name) and "value" (slice size)',
            code: 'rule.pieXValue',
            params: {},
          });
        if (p.type === 'table' && !p.columns?.length)
          out.push({
            file,
            pointer: pointerOf('panels', i),
            message: 'a table panel lists its "columns"',
            code: 'rule.tableColumns',
            params: {},
          });
      });
      break;
    }
    case 'custom':
      break;
  }
  return out;
}

/** Every problem of one definition: schema first; the semantic rules only once the shape is right. */
export function validateDefinition(def: unknown, file: string): DefinitionProblem[] {
  const shape = schemaProblems(def, file);
  if (shape.length > 0) return shape;
  return semanticProblems(def as ScreenDef, file);
}
