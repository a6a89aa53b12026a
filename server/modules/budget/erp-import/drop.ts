import fs from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import type { JobContext } from '../../../jobs/types.js';
import { HttpError } from '../../../http/errors.js';
import { BudgetImportBody } from '../upload/schemas.js';
import { ERP_FILE_ACTOR, importBudget, type BudgetImport } from './service.js';

/** Files taken per run (the rest wait for the next minute). */
const PER_RUN = 20;
/** A dropped import larger than this is refused unread (20,000 rows are about 2 MB). */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The ERP's file drop (docs/budget.md › ERP import): every `*.json` file directly in
 * BUDGET_IMPORT_DIR (the ERP writes it under another name — a dot first or another extension — and
 * renames it, so a file is never read half-written), oldest name first, is imported as if pushed to
 * the API, then moved to `done/` (APPLIED) or `rejected/` (REJECTED, not an import, or a key reused
 * with other content) with `<name>.result.json` beside it: the batch, or why. The job runner runs this
 * on one server at a time; a server that stops between the import and the move leaves the file, and the
 * next run imports it again under the same key, which changes nothing and answers the same batch.
 */
export async function takeDroppedImports(
  ctx: Pick<JobContext, 'db' | 'log' | 'config' | 'now'>,
): Promise<Record<string, unknown>> {
  const dir = ctx.config.budgetImportDir;
  if (!dir) return { configured: false };
  await fs.mkdir(dir, { recursive: true });
  const names = (await fs.readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.json') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
    .slice(0, PER_RUN);
  const counts = { applied: 0, rejected: 0, replayed: 0, invalid: 0 };
  for (const name of names) {
    const file = path.join(dir, name);
    let outcome: { to: 'done' | 'rejected'; result: unknown };
    try {
      outcome = await takeOne(ctx, file, name, counts);
    } catch (err) {
      // The database or the disk failed: the file stays for the next run.
      ctx.log.error({ err, file }, 'budget import drop: could not take the file');
      continue;
    }
    await moveWithResult(dir, name, outcome.to, outcome.result);
  }
  return { files: names.length, ...counts };
}

async function takeOne(
  ctx: Pick<JobContext, 'db' | 'log' | 'now'>,
  file: string,
  name: string,
  counts: Record<'applied' | 'rejected' | 'replayed' | 'invalid', number>,
) {
  const invalid = (message: string, details?: unknown) => {
    counts.invalid++;
    ctx.log.warn({ file, message }, 'budget import drop: not an import');
    return { to: 'rejected' as const, result: { status: 'INVALID', message, details } };
  };
  const stat = await fs.stat(file);
  if (stat.size > MAX_BYTES) return invalid(`파일이 너무 큽니다 (${stat.size} 바이트, 최대 ${MAX_BYTES})`);
  let body: unknown;
  try {
    body = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    return invalid(`JSON으로 읽을 수 없습니다: ${(err as Error).message}`);
  }
  if (!Value.Check(BudgetImportBody, body)) {
    return invalid(
      '예산 가져오기 형식이 아닙니다 ({ importKey, fiscalYear, rows: [{ month, deptcd, accountCode, amount }] })',
      Value.Errors(BudgetImportBody, body)
        .slice(0, 20)
        .map((e) => ({ path: e.instancePath, message: e.message })),
    );
  }
  try {
    const r = await importBudget(ctx.db, body as BudgetImport, 'ERP_FILE', name, ERP_FILE_ACTOR, ctx.now);
    if (r.replayed) counts.replayed++;
    else if (r.batch.status === 'APPLIED') counts.applied++;
    else counts.rejected++;
    return { to: r.batch.status === 'APPLIED' ? ('done' as const) : ('rejected' as const), result: r };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500)
      return invalid(err.message, { code: err.code, details: err.details });
    throw err;
  }
}

/** Writes `<name>.result.json` into the target folder, then moves the file there (a name already taken gets a time suffix). */
async function moveWithResult(dir: string, name: string, to: 'done' | 'rejected', result: unknown) {
  const target = path.join(dir, to);
  await fs.mkdir(target, { recursive: true });
  let dest = path.join(target, name);
  try {
    await fs.access(dest);
    // real time: a unique file-name suffix, not a date
    dest = path.join(target, `${path.basename(name, '.json')}.${Date.now()}.json`);
  } catch {
    // free
  }
  await fs.writeFile(`${dest.slice(0, -'.json'.length)}.result.json`, `${JSON.stringify(result, null, 2)}\n`);
  await fs.rename(path.join(dir, name), dest);
}
