/**
 * npm run authz:missing [-- --all]
 * Lists the operations of schemas/openapi.generated.json that have no row in the authorization matrix
 * (tests/api/security/authz-matrix.ts) and prints a PROPOSED row for each, derived from the
 * route's declared access (config.access, read from the routes as the app registers them).
 * Also lists rows naming operations that no longer exist. Exit code 1 when anything is missing.
 * A proposal copies what the code says: read it before pasting — the matrix is the promise, the
 * code is what is being checked against it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { gpms } from '../server/app.js';
import { testConfig } from '../server/config.js';
import type { Access } from '../server/http/access.js';
import { AUTHZ_MATRIX } from '../tests/api/security/authz-matrix.js';
import { proposeRow } from '../tests/api/security/authz-rules.js';
import { noDatabase } from './openapi.js';

const root = path.resolve(import.meta.dirname, '..');

/** operationId → the access its route declares, collected while the app registers its routes. */
export async function declaredAccess(): Promise<Map<string, Access | undefined>> {
  const app = Fastify();
  const found = new Map<string, Access | undefined>();
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (operationId && route.method !== 'HEAD') found.set(operationId, route.config?.access);
  });
  await app.register(gpms, {
    config: testConfig({ nodeEnv: 'development', distDir: path.join(root, 'no-dist') }),
    dbh: noDatabase(),
  });
  await app.ready();
  await app.close();
  return found;
}

export function openapiOperations(): string[] {
  const doc = JSON.parse(fs.readFileSync(path.join(root, 'schemas/openapi.generated.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops)
      .map((o) => o.operationId)
      .filter((id): id is string => typeof id === 'string'),
  );
}

async function main(): Promise<void> {
  const all = process.argv.includes('--all');
  const operations = openapiOperations();
  const declared = await declaredAccess();
  const missing = operations.filter((id) => all || !Object.hasOwn(AUTHZ_MATRIX, id));
  const stale = Object.keys(AUTHZ_MATRIX).filter((id) => !operations.includes(id));
  if (missing.length > 0) {
    console.log(
      all
        ? `Rows proposed for all ${missing.length} operations:`
        : `${missing.length} operation(s) in schemas/openapi.generated.json without a row in tests/api/security/authz-matrix.ts. Proposed rows (from each route's config.access; check them):`,
    );
    for (const id of missing) console.log(proposeRow(id, declared.get(id)));
  }
  if (stale.length > 0) console.log(`\nRows for operations that no longer exist (remove them): ${stale.join(', ')}`);
  if (!all && missing.length === 0 && stale.length === 0)
    console.log(`authz matrix: all ${operations.length} operations have a row`);
  process.exitCode = !all && (missing.length > 0 || stale.length > 0) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
