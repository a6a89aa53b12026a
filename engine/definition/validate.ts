/** The schema and semantic check lives in lib/screen-check/validate.ts: one implementation for the engine, screens:check and the server. */
export * from '../../lib/screen-check/validate';
