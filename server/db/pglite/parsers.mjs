// Type parsers for PGlite and node-postgres alike, in plain JavaScript so the PGlite worker
// thread (worker.mjs, loaded without a TypeScript loader) and connect.ts share one definition.
// Both drivers must hand the same JS values to our code: counts and bigints as numbers,
// dates as 'YYYY-MM-DD' strings (no time-zone shifting), money as exact decimal strings.
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_NUMERIC = 1700;

/** @type {Record<number, (value: string) => unknown>} */
export const pgParsers = {
  [OID_INT8]: (v) => Number(v),
  [OID_DATE]: (v) => v,
  [OID_NUMERIC]: (v) => v,
};
