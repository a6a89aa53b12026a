import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { CompanyCouncilTable, CompanyProspectTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { CouncilListQuery, PROSPECT_STATES, ProspectListQuery } from '../schemas.js';

const councilRows = (db: Db) => db.selectFrom('companyCouncil as m').innerJoin('company as c', 'c.compNo', 'm.compNo');
const councilSelect = [
  'm.councilId',
  'm.compNo',
  'c.compNameKr',
  'c.status as compStatus',
  'm.role',
  'm.termFrom',
  'm.termTo',
  'm.remark',
  'm.version',
] as const;

/** Council terms with their company; current=Y: a term covering `today`, N: one that does not. */
export async function listCouncilTerms(db: Db, q: Static<typeof CouncilListQuery>, today: string) {
  let base = councilRows(db);
  if (q.current === 'Y') base = base.where('m.termFrom', '<=', today).where('m.termTo', '>=', today);
  if (q.current === 'N') base = base.where((eb) => eb.or([eb('m.termFrom', '>', today), eb('m.termTo', '<', today)]));
  const name = given(q.compNameKr);
  if (name) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(name)}%`);
  const sort = parseSort<string>(q.sort, { field: 'termTo', direction: 'desc' });
  const ref =
    sort.field === 'compNameKr'
      ? ('c.compNameKr' as const)
      : (`m.${sort.field as 'compNo' | 'role' | 'termFrom' | 'termTo'}` as const);
  const { limit, offset } = pageWindow(q);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([...councilSelect])
      .orderBy(ref, sort.direction)
      .orderBy('m.councilId')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export const councilTerm = (db: Db, councilId: number) =>
  councilRows(db)
    .select([...councilSelect])
    .where('m.councilId', '=', councilId)
    .executeTakeFirstOrThrow();

/** A term of the company covering `today`, if any. */
export const termCovering = (trx: Db, compNo: string, today: string) =>
  trx
    .selectFrom('companyCouncil')
    .select('councilId')
    .where('compNo', '=', compNo)
    .where('termFrom', '<=', today)
    .where('termTo', '>=', today)
    .executeTakeFirst();

/** A term of the company overlapping [from, to], if any. */
export const overlappingTerm = (trx: Db, compNo: string, from: string, to: string) =>
  trx
    .selectFrom('companyCouncil')
    .select('councilId')
    .where('compNo', '=', compNo)
    .where('termFrom', '<=', to)
    .where('termTo', '>=', from)
    .executeTakeFirst();

export const insertCouncilTerm = async (trx: Db, row: Insertable<CompanyCouncilTable>): Promise<number> =>
  Number(
    (await trx.insertInto('companyCouncil').values(row).returning('councilId').executeTakeFirstOrThrow()).councilId,
  );

export const lockCouncilTerm = (trx: Db, councilId: number) =>
  trx.selectFrom('companyCouncil').selectAll().where('councilId', '=', councilId).forUpdate().executeTakeFirst();

export const deleteCouncilTerm = (trx: Db, councilId: number) =>
  trx.deleteFrom('companyCouncil').where('councilId', '=', councilId).execute();

/** Prospects with who found them and the registered company holding their business number: one by number, or a filtered page. */
export async function listProspects(db: Db, where: { prospectNo?: string; q?: Static<typeof ProspectListQuery> }) {
  let base = db.selectFrom('companyProspect as p').leftJoin('appUser as u', 'u.userId', 'p.foundBy');
  if (where.prospectNo) base = base.where('p.prospectNo', '=', where.prospectNo);
  const q = where.q;
  if (q?.status?.length) base = base.where('p.status', 'in', q.status as Array<(typeof PROSPECT_STATES)[number]>);
  const name = given(q?.compName);
  if (name) base = base.where('p.compName', 'ilike', `%${likeEscape(name)}%`);
  const sort = parseSort(q?.sort, { field: 'foundAt', direction: 'desc' });
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'p.prospectNo',
        'p.compName',
        'p.taxNo',
        'p.ceoName',
        'p.contactName',
        'p.email',
        'p.phoneNo',
        'p.items',
        'p.status',
        'p.foundBy',
        'u.hname as foundByName',
        'p.foundAt',
        'p.invitedAt',
        'p.dropReason',
        'p.version',
      ])
      .select(sql<string | null>`(select c.comp_no from company c where c.tax_no = p.tax_no)`.as('registeredCompNo'))
      .orderBy(`p.${sort.field as 'prospectNo' | 'compName' | 'status' | 'foundAt' | 'invitedAt'}`, sort.direction)
      .orderBy('p.prospectNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export const insertProspect = (trx: Db, row: Insertable<CompanyProspectTable>) =>
  trx.insertInto('companyProspect').values(row).execute();

export const lockProspect = (trx: Db, prospectNo: string) =>
  trx.selectFrom('companyProspect').selectAll().where('prospectNo', '=', prospectNo).forUpdate().executeTakeFirst();

export const updateProspect = (trx: Db, prospectNo: string, set: Updateable<CompanyProspectTable>) =>
  trx.updateTable('companyProspect').set(set).where('prospectNo', '=', prospectNo).execute();
