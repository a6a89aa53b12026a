import type { Db } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { listSourcingGroups } from './queries.js';

/** The options of one sourcing-group level: the top level has no parent, every other needs one. */
export async function sourcingGroupOptions(
  db: Db,
  level: '001' | '002' | '003' | '004',
  parentRaw: string | undefined,
) {
  const parent = parentRaw?.trim() || undefined;
  if (level === '001' && parent)
    throw badRequest('SG_TOP_HAS_NO_PARENT', '1단계 소싱그룹에는 상위 코드(UP_LEVEL)를 줄 수 없습니다');
  if (level !== '001' && !parent)
    throw badRequest(
      'SG_PARENT_REQUIRED',
      `${Number(level)}단계 소싱그룹을 조회하려면 상위 코드(UP_LEVEL)가 필요합니다`,
    );
  // Upper-case names are the spec's; they are mapped here because CamelCasePlugin would rename an alias.
  return (await listSourcingGroups(db, level, parent)).map((r) => ({ SG_CODE: r.sgCode, SG_NAME: r.sgName }));
}
