/**
 * Checks fixture answers against the server's contract: the fixtures answer the
 * screen and widget tests in the server's place, so each answer must have the shape the OpenAPI
 * document gives the operation's success response — otherwise a renamed field keeps the tests green.
 * Used by the fixture services (widgets/testing/fixture-services.ts and the engine's
 * engine/testing/fixture-engine-services.ts); each of them owns one contract. An operation's schema is compiled
 * the first time that operation answers, once per document and process: every contract checking against the
 * same document uses the same compiled validators.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import openapi from '../../schemas/openapi.generated.json';
import { operations } from '../../schemas/operations.generated';
import { FIXTURE_CONTRACT_EVENT } from './fixture-contract-event';

/**
 * Operations whose fixture answers are not checked, each with the reason. Keep it empty: a fixture
 * that disagrees with the contract is wrong, not the contract.
 */
const FIXTURE_CONTRACT_EXEMPT: Readonly<Record<string, string>> = Object.freeze({});

export interface FixtureContract {
  /** Throws when `answer` is not what the server may answer for `operation` (its 2xx JSON response). */
  check(operation: string, answer: unknown): void;
}

type Schema = Record<string, unknown>;
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

const COMPONENTS_ID = 'gpms:openapi-components';

/**
 * A copy of a response schema as the server really answers it: fastify's serializer leaves out
 * every property an object schema does not name, so a fixture's extra (or renamed) field is one the
 * server would never send — such objects are closed here. Local `$ref`s point into the components.
 */
function asAnswered(schema: unknown, refBase: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => asAnswered(s, refBase));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out.$ref = refBase + v;
    // `properties` is a map of names, not a schema: its values are schemas.
    else if (k === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(v as Schema).map(([name, s]) => [name, asAnswered(s, refBase)]),
      );
    else out[k] = asAnswered(v, refBase);
  }
  if (
    out.type === 'object' &&
    out.properties &&
    out.additionalProperties === undefined &&
    out.patternProperties === undefined
  )
    out.additionalProperties = false;
  return out;
}

/** The 2xx application/json response schema of an operation; null when it answers no JSON (files, redirects). */
function responseSchema(doc: OpenApiDoc, operation: string): Schema | null {
  const info = (operations as Record<string, { method: string; path: string }>)[operation];
  if (!info) throw new Error(`Fixture answer for ${operation}: no such operation in schemas/operations.generated.ts`);
  const responses = doc.paths[info.path]?.[info.method]?.responses ?? {};
  for (const status of Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()) {
    const schema = responses[status].content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return null;
}

/** A JSON pointer to the offending value: an unknown property's own path, not its object's. */
function pathOf(e: ErrorObject): string {
  const extra =
    e.keyword === 'additionalProperties'
      ? `/${String((e.params as { additionalProperty: string }).additionalProperty)}`
      : '';
  const missing =
    e.keyword === 'required' ? `/${String((e.params as { missingProperty: string }).missingProperty)}` : '';
  return e.instancePath + extra + missing || '/';
}

function wanted(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return 'is not in the contract (the server never answers it)';
  if (e.keyword === 'required') return 'is required by the contract but missing';
  if (e.keyword === 'enum')
    return `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  return e.message ?? e.keyword;
}

/**
 * The errors worth reading: the deepest ones (an anyOf's "must match a schema in anyOf" says less
 * than the branch that came closest), at most five.
 */
function describe(errors: readonly ErrorObject[]): string {
  const depth = (e: ErrorObject) => pathOf(e).split('/').length;
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const ranked = [...(specific.length ? specific : errors)].sort((a, b) => depth(b) - depth(a));
  const lines = [...new Set(ranked.map((e) => `${pathOf(e)} ${wanted(e)}`))];
  return lines.slice(0, 5).join('; ') + (lines.length > 5 ? ` (and ${lines.length - 5} more)` : '');
}

/**
 * The compiled validators of one OpenAPI document, shared by every contract checking against it. A screen test's
 * harness makes new fixture services (and so a new contract) for each render: compiling the operations' schemas
 * again for each of them (a copy of the document's ≈ 1,000 component schemas, then ajv's code generation) cost
 * 0.34 s of CPU for five operations, each time (docs/testing.md, "CPU: the unit project's fixture contract").
 * A validator is a pure function of the document, which nothing changes, and ajv sets a validator's `errors` on
 * each call, read at once below: sharing them changes no answer.
 */
interface CompiledDoc {
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction | null>;
}
const compiledDocs = new WeakMap<OpenApiDoc, CompiledDoc>();

function compiledDoc(doc: OpenApiDoc): CompiledDoc {
  let c = compiledDocs.get(doc);
  if (!c) {
    // strict off: the document carries OpenAPI's own keywords (x-personal-data, x-apply-secret).
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
    addFormats(ajv, ['date-time', 'date', 'uuid']);
    ajv.addFormat('binary', true);
    ajv.addSchema({ components: { schemas: asAnswered(doc.components.schemas, COMPONENTS_ID) } }, COMPONENTS_ID);
    c = { ajv, compiled: new Map() };
    compiledDocs.set(doc, c);
  }
  return c;
}

/** A contract: what it leaves unchecked and where it reports; the document's validators built on first use. */
export interface FixtureContractOptions {
  doc?: OpenApiDoc;
  /** Where a break is told before it is thrown (default: the FIXTURE_CONTRACT_EVENT on globalThis). */
  report?: (message: string) => void;
  /**
   * Operations this contract does not check, each with its reason: an engine test that borrows a real
   * operation for a made-up record. Each entry is a TODO — the test should answer the contract's shape.
   */
  unchecked?: Readonly<Record<string, string>>;
}

export function createFixtureContract(options: FixtureContractOptions = {}): FixtureContract {
  const unchecked = options.unchecked ?? {};
  const doc = options.doc ?? (openapi as unknown as OpenApiDoc);
  const report =
    options.report ??
    ((message: string) => globalThis.dispatchEvent?.(new CustomEvent(FIXTURE_CONTRACT_EVENT, { detail: message })));
  const validatorOf = (operation: string) => {
    const { ajv, compiled } = compiledDoc(doc);
    if (!compiled.has(operation)) {
      const schema = responseSchema(doc, operation);
      compiled.set(operation, schema ? ajv.compile(asAnswered(schema, COMPONENTS_ID) as Schema) : null);
    }
    return compiled.get(operation)!;
  };
  return {
    check(operation, answer) {
      if (operation in FIXTURE_CONTRACT_EXEMPT || operation in unchecked) return;
      const validate = validatorOf(operation);
      if (!validate || validate(answer)) return;
      const message = `Fixture answer for ${operation} breaks its OpenAPI response schema: ${describe(validate.errors ?? [])}`;
      report(message);
      throw new Error(message);
    },
  };
}
