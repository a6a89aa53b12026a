/**
 * The answers a screen's story (screens/screens.stories.tsx) runs on: every group's hand-written
 * fixtures (the data the screen tests use), and for an operation none of them answers, the least
 * answer the server's contract allows — an empty list, an object of its required fields — so a story
 * shows its screen empty rather than an error dialog. Which operations that is, is listed by
 * `contractOnlyOperations` (the stories' browser run, tests/e2e/storybook.e2e.test.ts, keeps the hand-written ones answering).
 */
import openapi from '../../schemas/openapi.generated.json';
import { operations } from '../../schemas/operations.generated';
import type { FixtureEngineOptions, FixtureHandler } from '../../engine/testing/fixture-engine-services';
import { createAdminFixtures } from './fixture-answers';
import { createSettlementFixtures } from '../settlement/settlement-fixtures';
import { createFulfilmentFixtures } from '../fulfilment-delivery/fulfilment-fixtures';
import { createPoFixtures } from '../purchase-order/po-fixtures';
import { createPrFixtures } from '../purchase-request/pr-fixtures';

type Schema = Record<string, unknown>;
const doc = openapi as unknown as {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return resolve(doc.components.schemas[ref.slice('#/components/schemas/'.length)] ?? {});
  return schema;
}

/** The least value a schema accepts: null where allowed, empty lists, required fields only. */
function leastValue(input: Schema, depth = 0): unknown {
  const schema = resolve(input);
  if (depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const nullable = alternatives.find((s) => resolve(s).type === 'null');
    return nullable ? null : leastValue(alternatives[0], depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.includes('null')) return null;
  switch (types[0]) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, leastValue(props[name] ?? {}, depth + 1)]));
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return '2026-11-27';
      if (schema.format === 'date-time') return '2026-11-27T00:00:00.000Z';
      return 'x'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 0);
    default:
      return null;
  }
}

function responseSchema(operation: string): Schema | null {
  const info = (operations as Record<string, { method: string; path: string }>)[operation];
  const responses = doc.paths[info.path]?.[info.method]?.responses ?? {};
  const status = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  return (status && responses[status].content?.['application/json']?.schema) || null;
}

function handWritten(): { answers: Record<string, FixtureHandler>; codes: NonNullable<FixtureEngineOptions['codes']> } {
  const settlement = createSettlementFixtures();
  const fulfilment = createFulfilmentFixtures();
  return {
    // An operation two groups answer takes the later one's answer (the admin set's last).
    answers: {
      ...createPrFixtures().answers,
      ...createPoFixtures().answers,
      ...fulfilment.answers,
      ...settlement.answers,
      ...createAdminFixtures().answers,
    },
    codes: { ...fulfilment.codes, ...settlement.codes },
  };
}

export function storyFixtures(): {
  answers: Record<string, FixtureHandler>;
  codes: NonNullable<FixtureEngineOptions['codes']>;
} {
  const { answers, codes } = handWritten();
  const least: Record<string, FixtureHandler> = {};
  for (const op of Object.keys(operations)) {
    if (op in answers) continue;
    const schema = responseSchema(op);
    if (schema) least[op] = () => leastValue(schema);
  }
  return { answers: { ...least, ...answers }, codes };
}
