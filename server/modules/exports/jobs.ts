import fs from 'node:fs';
import { sql } from 'kysely';
import type { JobDefinition } from '../../jobs/types.js';
import { exportFile } from './run.js';

/** Finished exports are kept this long for their download, then removed with their files. */
export const KEEP_EXPORTS_HOURS = 24;

/**
 * `exports.sweep`: an export whose server stopped (its lease ran out) is marked failed, so its owner
 * sees it and starts again; exports older than a day go, with their files.
 */
export const exportJobs: JobDefinition[] = [
  {
    name: 'exports.sweep',
    everySeconds: 300,
    run: async ({ db, config, now }) => {
      const abandoned = await db
        .updateTable('exportJob')
        .set({ status: 'FAILED', error: '내려받기 파일을 만들던 서버가 멈췄습니다. 다시 시도하세요', finishedAt: now })
        .where('status', '=', 'RUNNING')
        .where('leaseUntil', '<', now)
        .returning('exportId')
        .execute();
      const old = await db
        .deleteFrom('exportJob')
        .where('createdAt', '<', sql<Date>`${now}::timestamptz - make_interval(hours => ${KEEP_EXPORTS_HOURS})`)
        .where('status', '!=', 'RUNNING')
        .returning('exportId')
        .execute();
      for (const { exportId } of [...abandoned, ...old]) {
        fs.rmSync(exportFile(config.dataDir, exportId), { force: true });
        fs.rmSync(`${exportFile(config.dataDir, exportId)}.part`, { force: true });
      }
      return { abandoned: abandoned.length, removed: old.length };
    },
  },
];
