/** The OpenAPI cross-check lives in lib/screen-check/cross-check.ts: one implementation for the engine, screens:check and the server. */
export * from '../../lib/screen-check/cross-check';
