import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** A 연동 조정 제안 as its notices say it: the agreement, its buyer and supplier, the index and the formula's numbers. */
export function linkageProposalForNotice(db: Db, proposalNo: string) {
  return db
    .selectFrom('linkageProposal as p')
    .innerJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .innerJoin('linkageIndex as i', 'i.indexCode', 'p.indexCode')
    .select([
      'p.proposalNo',
      'p.agreementNo',
      'a.title',
      'a.buyerId',
      'p.compNo',
      'i.indexName',
      'i.unit',
      sql<string>`${sql.ref('p.baseValue')}::text`.as('baseValue'),
      sql<string>`${sql.ref('p.compareValue')}::text`.as('compareValue'),
      sql<string>`${sql.ref('p.changePct')}::text`.as('changePct'),
      sql<string>`${sql.ref('p.triggerPct')}::text`.as('triggerPct'),
      'p.effectiveFrom',
    ])
    .where('p.proposalNo', '=', proposalNo)
    .executeTakeFirstOrThrow();
}

/**
 * An e-contract's 연동 조정 제안 as its notices say it: the contract, its order's buyer (who decides with the
 * contract's authors) and supplier, the index and the formula's numbers, and the decision once made.
 */
export function contractProposalForNotice(db: Db, proposalNo: string) {
  return db
    .selectFrom('contractLinkageProposal as p')
    .innerJoin('econtract as c', 'c.contractNo', 'p.contractNo')
    .innerJoin('poHeader as o', 'o.poNo', 'p.poNo')
    .innerJoin('linkageIndex as i', 'i.indexCode', 'p.indexCode')
    .select([
      'p.proposalNo',
      'p.contractNo',
      'c.title',
      'o.buyerId',
      'p.compNo',
      'i.indexName',
      'i.unit',
      sql<string>`${sql.ref('p.baseValue')}::text`.as('baseValue'),
      sql<string>`${sql.ref('p.compareValue')}::text`.as('compareValue'),
      sql<string>`${sql.ref('p.changePct')}::text`.as('changePct'),
      sql<string>`${sql.ref('p.triggerPct')}::text`.as('triggerPct'),
      'p.effectiveFrom',
      'p.status',
      'p.amendmentNo',
      'p.rejectReason',
    ])
    .where('p.proposalNo', '=', proposalNo)
    .executeTakeFirstOrThrow();
}

/** A 납품대금 조정협의 request as its notices say it: its agreement or order, that one's buyer, the supplier, what was asked and each step. */
export function coordinationForNotice(db: Db, coordinationNo: string) {
  return db
    .selectFrom('priceCoordination as p')
    .leftJoin('agreement as a', 'a.agreementNo', 'p.agreementNo')
    .leftJoin('poHeader as o', 'o.poNo', 'p.poNo')
    .select((eb) => [
      'p.coordinationNo',
      'p.targetKind',
      'p.agreementNo',
      'p.poNo',
      eb.fn.coalesce('a.title', 'o.title').$notNull().as('title'),
      eb.fn.coalesce('a.buyerId', 'o.buyerId').$notNull().as('buyerId'),
      'p.compNo',
      'p.reason',
      'p.requestedChange',
      'p.requestedOn',
      'p.talksStartedOn',
      'p.outcome',
      'p.failReason',
    ])
    .where('p.coordinationNo', '=', coordinationNo)
    .executeTakeFirstOrThrow();
}

/**
 * The purchasing managers (groups 10, 50, 99; docs/subcontracting.md "납품대금 조정협의") whose group holds write on
 * the screen that answers a request, by employee number: active accounts of an active group, the menu in use.
 */
export async function coordinationManagers(db: Db, managerGroups: readonly string[], screen: string) {
  const rows = await db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', (j) => j.onRef('g.authGroupId', '=', 'u.authGroupId').on('g.useYn', '=', 'Y'))
    .innerJoin('menuAuth as ma', 'ma.authGroupId', 'u.authGroupId')
    .innerJoin('menu as m', 'm.pgmId', 'ma.pgmId')
    .select('u.singleid')
    .distinct()
    .where('u.portal', '=', 'I')
    .where('u.useFlag', '=', 'Y')
    .where('u.status', '=', 'NORMAL')
    .where('u.singleid', 'is not', null)
    .where('u.authGroupId', 'in', [...managerGroups])
    .where('ma.canWrite', '=', 'Y')
    .where('m.useYn', '=', 'Y')
    .where((eb) => eb.or([eb('m.sspUrl', '=', screen), eb('m.sspSubUrls', '&&', eb.val([screen]))]))
    .orderBy('u.singleid')
    .execute();
  return rows.map((r) => r.singleid!);
}
