import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../http/list-query.js';
import type { CODE_SORT_FIELDS, GROUP_SORT_FIELDS } from './schemas.js';

export interface CodeGroupRecord {
  groupId: string;
  nameKo: string;
  nameEn: string;
  description: string | null;
  sortOrder: number;
  useYn: string;
  codeCount: number;
  version: number;
}

interface CodeRecord {
  groupId: string;
  code: string;
  textKo: string;
  textEn: string;
  attr1: string | null;
  attr2: string | null;
  sortOrder: number;
  useYn: string;
  version: number;
}

type Window = { limit: number; offset: number };

function groupSelect(db: Db) {
  return db
    .selectFrom('codeGroup as g')
    .select(['g.groupId', 'g.nameKo', 'g.nameEn', 'g.description', 'g.sortOrder', 'g.useYn', 'g.version'])
    .select((eb) =>
      eb
        .selectFrom('code as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.groupId', '=', 'g.groupId')
        .as('codeCount'),
    );
}

const normaliseGroup = (
  r: Omit<CodeGroupRecord, 'codeCount'> & { codeCount: number | string | null },
): CodeGroupRecord => ({ ...r, codeCount: Number(r.codeCount ?? 0) });

type GroupScope = ExpressionBuilder<Database & { g: Database['codeGroup'] }, 'g'>;

/** The list's filter as one condition, applied to the page query and the count alike. */
const groupFilter = (filter: { q?: string; useYn?: 'Y' | 'N' }) => (eb: GroupScope) => {
  const q = given(filter.q);
  const parts = [];
  if (q) {
    const like = `%${likeEscape(q)}%`;
    parts.push(
      eb.or([
        eb('g.groupId', 'ilike', `${likeEscape(q)}%`),
        eb('g.nameKo', 'ilike', like),
        eb('g.nameEn', 'ilike', like),
      ]),
    );
  }
  if (filter.useYn) parts.push(eb('g.useYn', '=', filter.useYn));
  return eb.and(parts);
};

export async function listCodeGroups(
  db: Db,
  filter: { q?: string; useYn?: 'Y' | 'N' },
  sort: SortSpec<(typeof GROUP_SORT_FIELDS)[number]>,
  window: Window,
) {
  const where = groupFilter(filter);
  const orderColumn = sort.field === 'codeCount' ? 'codeCount' : (`g.${sort.field}` as const);
  const [rows, count] = await Promise.all([
    groupSelect(db)
      .where(where)
      .orderBy(orderColumn, sort.direction)
      .orderBy('g.groupId', 'asc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('codeGroup as g')
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normaliseGroup), total: Number(count.n) };
}

export async function findCodeGroup(db: Db, groupId: string): Promise<CodeGroupRecord | undefined> {
  const row = await groupSelect(db).where('g.groupId', '=', groupId).executeTakeFirst();
  return row ? normaliseGroup(row) : undefined;
}

const CODE_COLUMNS = [
  'groupId',
  'code',
  'textKo',
  'textEn',
  'attr1',
  'attr2',
  'sortOrder',
  'useYn',
  'version',
] as const;

export async function listCodes(
  db: Db,
  groupId: string,
  filter: { useYn?: 'Y' | 'N' },
  sort: SortSpec<(typeof CODE_SORT_FIELDS)[number]>,
  window: Window,
) {
  let base = db.selectFrom('code').where('groupId', '=', groupId);
  if (filter.useYn) base = base.where('useYn', '=', filter.useYn);
  const [rows, count] = await Promise.all([
    base
      .select(CODE_COLUMNS)
      .orderBy(sort.field, sort.direction)
      .orderBy('code', 'asc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CodeRecord[], total: Number(count.n) };
}

/** The group's row, locked until the transaction ends. */
export function lockCodeGroup(trx: Db, groupId: string) {
  return trx.selectFrom('codeGroup').selectAll().where('groupId', '=', groupId).forUpdate().executeTakeFirst();
}

export function insertCodeGroup(
  trx: Db,
  values: {
    groupId: string;
    nameKo: string;
    nameEn: string;
    description: string | null;
    sortOrder: number;
    useYn: 'Y' | 'N';
  },
) {
  return trx.insertInto('codeGroup').values(values).execute();
}

export function updateCodeGroupRow(
  trx: Db,
  groupId: string,
  values: {
    nameKo: string;
    nameEn: string;
    description: string | null;
    sortOrder: number;
    useYn: 'Y' | 'N';
    version: number;
  },
) {
  return trx.updateTable('codeGroup').set(values).where('groupId', '=', groupId).execute();
}

export function deleteCodeGroupRow(trx: Db, groupId: string) {
  return trx.deleteFrom('codeGroup').where('groupId', '=', groupId).execute();
}

export async function countCodes(trx: Db, groupId: string): Promise<number> {
  const r = await trx
    .selectFrom('code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('groupId', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every code of the group, locked until the transaction ends. */
export function lockCodes(trx: Db, groupId: string) {
  return trx.selectFrom('code').selectAll().where('groupId', '=', groupId).forUpdate().execute();
}

type CodeValues = {
  textKo: string;
  textEn: string;
  attr1: string | null;
  attr2: string | null;
  sortOrder: number;
  useYn: 'Y' | 'N';
};

export function insertCode(trx: Db, groupId: string, code: string, values: CodeValues) {
  return trx
    .insertInto('code')
    .values({ groupId, code, ...values })
    .execute();
}

export function updateCode(trx: Db, groupId: string, code: string, values: CodeValues & { version: number }) {
  return trx.updateTable('code').set(values).where('groupId', '=', groupId).where('code', '=', code).execute();
}

export function deleteCode(trx: Db, groupId: string, code: string) {
  return trx.deleteFrom('code').where('groupId', '=', groupId).where('code', '=', code).execute();
}
