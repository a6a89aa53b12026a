/** The definition types live in lib/screen-check/types.ts (the server checks stored definitions with them). */
export type * from '../../lib/screen-check/types';
