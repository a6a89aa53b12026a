import { josa } from '../../../lib/josa.js';
import type { ApiIndex } from '../../../lib/screen-check/cross-check.js';
import type { Db } from '../../db/connect.js';
import { missing, notAllowed } from '../../domain/errors.js';
import type { OperationInfo } from '../../http/access.js';
import { definitionProblems, storedCallProblems, inWords, routeOf, type StudioProblem } from './check.js';
import * as q from './queries.js';
import type { Lang } from '../../../lib/screen-check/words.js';

import type { StudioCtx } from './common.js';

/**
 * The studio's watch over what is already published: the screens the current contract breaks (drift)
 * and a preview as an authority group sees it. Split from service.ts by job; the routes import it
 * through service.ts.
 */

/** A published version's problems against the current contract, kept per server by name@version. */
export type DriftCache = Map<string, StudioProblem[]>;

/**
 * Published screens the current contract breaks: each published version checked again as it was
 * published (the language, the operations and their fields, the methods the engine may call by
 * itself, operations that became bound to the caller) — the author's authority aside, which is a
 * person's, not the contract's. A version's text never changes, nor the contract while a server
 * runs, so each version is checked once per server.
 */
export async function driftReport(
  db: Db,
  api: () => ApiIndex,
  operations: ReadonlyMap<string, OperationInfo>,
  cache: DriftCache,
  /** The reader's language: the problems in words, operations by their names (the gauge counts only). */
  lang: Lang = 'ko',
) {
  const published = await q.publishedSources(db);
  const rows = published
    .map((p) => {
      const key = `${p.name}@${p.versionNo}`;
      let problems = cache.get(key);
      if (!problems) {
        const found = definitionProblems({ name: p.name, portal: p.portal, source: p.source, api: api() });
        problems = [
          ...found.problems,
          ...(found.definition === undefined ? [] : storedCallProblems(found.definition, operations)),
        ];
        cache.set(key, problems);
      }
      return {
        name: p.name,
        portal: p.portal,
        route: routeOf(p.name, p.portal),
        versionNo: p.versionNo,
        problems: problems.map((x) => inWords(x, lang, api())),
      };
    })
    .filter((r) => r.problems.length > 0);
  return { rows, total: rows.length, published: published.length };
}

/**
 * What a group would see, for a preview as that group: refused (403) when the group holds any
 * menu — or writes any — that the analyst's own group does not, so a preview never shows more than
 * its author may see.
 */
export async function previewAsGroup(ctx: StudioCtx, authGroupId: string) {
  const group = await q.findGroup(ctx.db, authGroupId);
  if (!group || group.useYn !== 'Y') throw missing('AUTH_GROUP_NOT_FOUND', '권한그룹을 찾을 수 없습니다');
  const [theirs, mine] = await Promise.all([
    q.groupGrants(ctx.db, authGroupId),
    q.groupGrants(ctx.db, ctx.caller.authGroupId),
  ]);
  const own = new Map(mine.map((m) => [m.pgmId, m]));
  const beyond = theirs.filter((g) => {
    const m = own.get(g.pgmId);
    return (g.canRead === 'Y' && m?.canRead !== 'Y') || (g.canWrite === 'Y' && m?.canWrite !== 'Y');
  });
  if (beyond.length > 0) {
    const names = beyond
      .slice(0, 3)
      .map((b) => b.pgmName)
      .join(', ');
    throw notAllowed(
      `${josa(group.nameKo, '은/는')} 내 권한그룹에 없는 권한을 가지고 있어 그 권한으로 미리 볼 수 없습니다 (${names}${beyond.length > 3 ? ` 외 ${beyond.length - 3}개` : ''})`,
      'PREVIEW_GROUP_EXCEEDS_OWN',
    );
  }
  return {
    authGroupId: group.authGroupId,
    nameKo: group.nameKo,
    nameEn: group.nameEn,
    portal: group.portal,
    menus: theirs.map((g) => ({
      pgmId: g.pgmId,
      path: g.sspUrl,
      subPaths: g.sspSubUrls ?? [],
      canRead: g.canRead === 'Y',
      canWrite: g.canWrite === 'Y',
    })),
  };
}
