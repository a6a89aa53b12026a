import type { JobDefinition } from '../../jobs/types.js';
import { exportKey } from './run.js';
import { deleteOldExports, failAbandonedExports } from './queries.js';
import { objectStoreFor } from '../../storage/open.js';

/** Finished exports are kept this long for their download, then removed with their files. */
const KEEP_EXPORTS_HOURS = 24;
/** Times an export is started again on another server before it is given up (FAILED). */
export const MAX_EXPORT_RESTARTS = 3;

/**
 * `exports.resume`: exports whose server stopped (lease released on the way down, or run out) are
 * taken up by the server that runs this job and written again from the first page.
 * `exports.sweep`: an export no server can take up (restarts used up) is marked failed, so its
 * owner sees it and starts again; exports older than a day go, with their files.
 */
export const exportJobs: JobDefinition[] = [
  {
    name: 'exports.resume',
    everySeconds: 10,
    run: async ({ services, now }) => ({ resumed: services?.resumeExports ? await services.resumeExports(now) : 0 }),
  },
  {
    name: 'exports.sweep',
    everySeconds: 300,
    run: async ({ db, config, now }) => {
      const abandoned = await failAbandonedExports(
        db,
        now,
        MAX_EXPORT_RESTARTS,
        '내려받기 파일을 만들던 서버가 멈췄습니다. 다시 시도하세요',
      );
      const old = await deleteOldExports(db, now, KEEP_EXPORTS_HOURS);
      const store = objectStoreFor(config);
      for (const exportId of [...abandoned, ...old]) await store.delete(exportKey(exportId));
      return { abandoned: abandoned.length, removed: old.length };
    },
  },
];
