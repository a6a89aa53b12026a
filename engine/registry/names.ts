/** The names a definition may use live in lib/screen-check/names.ts (shared with the server's check). */
export * from '../../lib/screen-check/names';
