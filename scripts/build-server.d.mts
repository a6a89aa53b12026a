/** Builds the server into dist-server/ (scripts/build-server.mjs). */
export function buildServer(): Promise<void>;
