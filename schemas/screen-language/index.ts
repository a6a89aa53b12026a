/**
 * The screen-definition language, defined once. From these TypeBox schemas come
 * - the TypeScript types (`Static<>`, named in engine/definition/types.ts),
 * - schemas/screen.schema.json (`npm run codegen:screens`: JSON files' `$schema`, editors, the studio),
 * - schemas/screen-validator.generated.ts (the same schema compiled ahead of time by ajv).
 * docs/screen-definitions.md explains every property. schemas/ imports nothing of ours.
 */
export * from './names';
export * from './basics';
export * from './inputs';
export * from './grid';
export * from './actions';
export * from './edit';
export * from './screens';
export { definitionName } from './helpers';
