/**
 * The server's entry as built (dist-server/main.mjs, scripts/build-server.mjs): on a restart of the embedded
 * database PGlite's thread begins opening the data directory first (server/db/pglite/early-open.ts), and the
 * server's modules load meanwhile; then server/main.ts starts the server as it would alone (`npm run dev`
 * runs it directly) and takes the thread over.
 */
import { beginEarlyPglite } from './db/pglite/early-open.js';

beginEarlyPglite(process.env);
await import('./main.js');
