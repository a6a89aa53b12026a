/** The expression language lives in lib/screen-check/expr.ts: the server parses expressions with the same parser. */
export * from '../../lib/screen-check/expr';
