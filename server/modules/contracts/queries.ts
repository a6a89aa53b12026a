/**
 * The contracts' SQL. Supplier requests pass a company-scoped Db (row-level security keeps them
 * to their own contracts); the one-time code table is the owner's (asOwner in the service).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ChainEvent } from './chain.js';

/* ------------------------------ clauses ------------------------------ */

export function listClauseRows(db: Db) {
  return db
    .selectFrom('econtractClause')
    .select(['clauseCode', 'title', 'body', 'version', 'updatedAt'])
    .orderBy('clauseCode')
    .execute();
}

export function findClausesByCode(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('econtractClause')
    .select(['clauseCode', 'title', 'body'])
    .where('clauseCode', 'in', [...codes])
    .execute();
}

export function lockClause(db: Db, code: string) {
  return db
    .selectFrom('econtractClause')
    .select(['clauseCode', 'version'])
    .where('clauseCode', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertClause(
  db: Db,
  row: { clauseCode: string; title: string; body: string; createdBy: string },
) {
  await db.insertInto('econtractClause').values(row).execute();
}

export async function updateClause(db: Db, code: string, row: { title: string; body: string; version: number }) {
  await db
    .updateTable('econtractClause')
    .set({ ...row, updatedAt: new Date() })
    .where('clauseCode', '=', code)
    .execute();
}

/* ------------------------------ templates ------------------------------ */

const TEMPLATE_COLUMNS = [
  'templateNo',
  'version',
  'name',
  'contractType',
  'signOrder',
  'body',
  'clauses',
  'useYn',
  'createdBy',
  'createdAt',
] as const;

/** The latest version of every template. */
export function listLatestTemplates(db: Db) {
  return db
    .selectFrom('econtractTemplate as t')
    .select(['t.templateNo', 't.version', 't.name', 't.contractType', 't.signOrder', 't.useYn', 't.createdAt'])
    .where(
      't.version',
      '=',
      sql<number>`(select max(x.version) from econtract_template x where x.template_no = t.template_no)`,
    )
    .orderBy('t.templateNo')
    .execute();
}

/**
 * A template version. Its clauses are a json object keyed by clause code; they are read as text and parsed here,
 * because the connection's camel-case plugin renames the keys of a json column's objects too (`E2E_DELIVERY` came
 * back as `E2EDELIVERY`, and the contract then named a clause the template did not have).
 */
export async function findTemplate(db: Db, templateNo: string, version?: number) {
  let q = db
    .selectFrom('econtractTemplate')
    .select(TEMPLATE_COLUMNS.filter((c) => c !== 'clauses'))
    .select(sql<string>`clauses::text`.as('clausesText'))
    .where('templateNo', '=', templateNo);
  q = version === undefined ? q.orderBy('version', 'desc').limit(1) : q.where('version', '=', version);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const { clausesText, ...rest } = row;
  return { ...rest, clauses: JSON.parse(clausesText ?? '{}') as unknown };
}

/** The latest version number, the rows locked so two saves of the same template serialise. */
export async function latestTemplateVersion(db: Db, templateNo: string): Promise<number> {
  const rows = await db
    .selectFrom('econtractTemplate')
    .select('version')
    .where('templateNo', '=', templateNo)
    .forUpdate()
    .execute();
  return rows.reduce((m, r) => Math.max(m, r.version), 0);
}

export async function insertTemplate(
  db: Db,
  row: {
    templateNo: string;
    version: number;
    name: string;
    contractType: 'SUPPLY' | 'CONSTRUCT' | 'SERVICE' | 'UNIT_PRICE';
    signOrder: 'SUPPLIER_FIRST' | 'BUYER_FIRST';
    body: string;
    clauses: string;
    useYn: 'Y' | 'N';
    createdBy: string;
  },
) {
  await db.insertInto('econtractTemplate').values(row).execute();
}

/* ------------------------------ parties and sources ------------------------------ */

export function supplierCompany(db: Db, compNo: string) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo2', 'ceoName', 'address', 'status'])
    .where('compNo', '=', compNo)
    .executeTakeFirst();
}

export function letterhead(db: Db) {
  return db
    .selectFrom('code')
    .select(['code', 'attr1'])
    .where('groupId', '=', 'SYSTEM_CONST')
    .where('code', 'in', ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_TEL'])
    .execute();
}

export function poSource(db: Db, poNo: string) {
  return db
    .selectFrom('poHeader')
    .select(['poNo as no', 'compNo', 'title', 'poDate as date', 'totalAmount as amount', 'currency'])
    .where('poNo', '=', poNo)
    .executeTakeFirst();
}

export function loiSource(db: Db, loiNo: string) {
  return db
    .selectFrom('loi')
    .select(['loiNo as no', 'compNo', 'title', 'validFrom as date', 'amount', 'currency'])
    .where('loiNo', '=', loiNo)
    .executeTakeFirst();
}

/** An internal user who may sign for the company: an enabled internal account. */
/**
 * The enabled accounts of a portal (and company) whose group holds the screen at the level asked:
 * who may act on it, by the rule the API's access check applies (server/auth/menu-authority.ts) —
 * for a contract, who may sign it. Read as the owner (accounts and grants are not the supplier
 * role's).
 */
export function usersHoldingScreen(
  db: Db,
  o: { portal: 'I' | 'X'; compNo?: string; screen: string; level: 'read' | 'write' },
) {
  return db
    .selectFrom('appUser as u')
    .select(['u.userId', 'u.hname'])
    .where('u.portal', '=', o.portal)
    .$if(o.compNo !== undefined, (qb) => qb.where('u.compNo', '=', o.compNo!))
    .where('u.useFlag', '=', 'Y')
    .where('u.status', '=', 'NORMAL')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('menuAuth as a')
          .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
          .innerJoin('authGroup as g', (j) => j.onRef('g.authGroupId', '=', 'a.authGroupId').on('g.useYn', '=', 'Y'))
          .select('a.pgmId')
          .whereRef('a.authGroupId', '=', 'u.authGroupId')
          .where(o.level === 'write' ? 'a.canWrite' : 'a.canRead', '=', 'Y')
          .where('m.useYn', '=', 'Y')
          .where('m.portal', '=', o.portal)
          .where((w) => w.or([w('m.sspUrl', '=', o.screen), w('m.sspSubUrls', '&&', w.val([o.screen]))])),
      ),
    )
    .orderBy('u.hname')
    .orderBy('u.userId')
    .execute();
}

/** Where a supplier user's signing code goes (read as the owner: accounts are not the supplier role's). */
export function codeDestinations(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'compNo', 'email', 'cellPhoneNo'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/* ------------------------------ contracts ------------------------------ */

const CONTRACT_COLUMNS = [
  'contractNo',
  'compNo',
  'templateNo',
  'templateVersion',
  'contractType',
  'signOrder',
  'title',
  'sourceKind',
  'sourceNo',
  'supplyAmount',
  'vatAmount',
  'totalAmount',
  'startDate',
  'endDate',
  'contractDate',
  'signDeadline',
  'variables',
  'status',
  'approvalId',
  'approvalStatus',
  'buyerSignerId',
  'supplierSignerId',
  'documentSha',
  'executedSha',
  'supplierSignedBy',
  'supplierSignedAt',
  'buyerSignedBy',
  'buyerSignedAt',
  'executedAt',
  'declineReason',
  'stampDuty',
  'stampBuyerShare',
  'stampStatus',
  'amendsContractNo',
  'changeSummary',
  'sourceChange',
  'createdBy',
  'createdAt',
  'updatedAt',
  'version',
] as const;

export function findContract(db: Db, contractNo: string) {
  return db.selectFrom('econtract').select(CONTRACT_COLUMNS).where('contractNo', '=', contractNo).executeTakeFirst();
}

export function lockContract(db: Db, contractNo: string) {
  return db
    .selectFrom('econtract')
    .select(CONTRACT_COLUMNS)
    .where('contractNo', '=', contractNo)
    .forUpdate()
    .executeTakeFirst();
}

export type ContractRow = NonNullable<Awaited<ReturnType<typeof findContract>>>;

export async function insertContract(db: Db, row: Record<string, unknown>) {
  await db
    .insertInto('econtract')
    .values(row as never)
    .execute();
}

export async function updateContract(db: Db, contractNo: string, set: Record<string, unknown>) {
  await db
    .updateTable('econtract')
    .set({ ...set, updatedAt: new Date() } as never)
    .where('contractNo', '=', contractNo)
    .execute();
}

export function searchContracts(
  db: Db,
  f: { status?: string; compNo?: string; text?: string; statuses?: readonly string[] },
  page: { offset: number; limit: number },
) {
  let q = db
    .selectFrom('econtract as c')
    .innerJoin('company as co', 'co.compNo', 'c.compNo')
    .select([
      'c.contractNo',
      'c.compNo',
      'co.compNameKr as compName',
      'c.title',
      'c.contractType',
      'c.status',
      'c.totalAmount',
      'c.signDeadline',
      'c.stampStatus',
      'c.amendsContractNo',
      'c.createdAt',
      'c.version',
    ]);
  if (f.status) q = q.where('c.status', '=', f.status as never);
  if (f.statuses) q = q.where('c.status', 'in', [...f.statuses] as never);
  if (f.compNo) q = q.where('c.compNo', '=', f.compNo);
  if (f.text)
    q = q.where((eb) => eb.or([eb('c.title', 'ilike', `%${f.text}%`), eb('c.contractNo', 'ilike', `%${f.text}%`)]));
  return q
    .select(sql<string>`count(*) over ()`.as('fullCount'))
    .orderBy('c.contractNo', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Contracts left EXECUTING whose next attempt at completion is due (the job contracts.finishExecuting). */
export function contractsExecutingDue(db: Db, now: Date) {
  return db
    .selectFrom('econtract')
    .select('contractNo')
    .where('status', '=', 'EXECUTING')
    .where((eb) => eb.or([eb('executeRetryAt', 'is', null), eb('executeRetryAt', '<=', now.toISOString())]))
    .orderBy('executeRetryAt')
    .orderBy('contractNo')
    .execute();
}

/** How many attempts at completing an EXECUTING contract have failed. */
export async function executionAttempts(db: Db, contractNo: string): Promise<number> {
  const row = await db
    .selectFrom('econtract')
    .select('executeAttempts')
    .where('contractNo', '=', contractNo)
    .executeTakeFirst();
  return Number(row?.executeAttempts ?? 0);
}

/** Contracts out for signature whose signing deadline (a Korean business date) has passed. */
export function contractsPastDeadline(db: Db, today: string) {
  return db
    .selectFrom('econtract')
    .select('contractNo')
    .where('status', 'in', ['SENT', 'PARTLY_SIGNED'])
    .where('signDeadline', '<', today)
    .orderBy('contractNo')
    .execute();
}

/** Contracts out for signature whose deadline falls from `today` to `last` (Korean dates): reminder candidates. */
export function contractsDeadlineWithin(db: Db, today: string, last: string) {
  return db
    .selectFrom('econtract')
    .select('contractNo')
    .where('status', 'in', ['SENT', 'PARTLY_SIGNED'])
    .where('signDeadline', '>=', today)
    .where('signDeadline', '<=', last)
    .orderBy('contractNo')
    .execute();
}

/** The reminders already recorded for a contract (REMINDED events' details). */
export function remindersOf(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractEvent')
    .select(['detail'])
    .where('contractNo', '=', contractNo)
    .where('kind', '=', 'REMINDED')
    .execute();
}

/** An internal user's employee number: staff notices are addressed by it. */
export function singleidOf(db: Db, userId: string) {
  return db.selectFrom('appUser').select(['singleid']).where('userId', '=', userId).executeTakeFirst();
}

export function findContractByDocumentSha(db: Db, sha: string) {
  return db
    .selectFrom('econtractDocument')
    .select(['contractNo', 'kind', 'contentSha'])
    .where('contentSha', '=', sha)
    .executeTakeFirst();
}

/* ------------------------------ documents ------------------------------ */

/** Written once: the database refuses a change to a stored document (migration 0700). */
export async function insertDocument(
  db: Db,
  row: { contractNo: string; kind: 'DRAFT' | 'EXECUTED'; compNo: string; contentSha: string; content: Buffer },
) {
  await db
    .insertInto('econtractDocument')
    .values({ ...row, sizeBytes: row.content.length })
    .execute();
}

export function findDocument(db: Db, contractNo: string, kind: 'DRAFT' | 'EXECUTED') {
  return db
    .selectFrom('econtractDocument')
    .select(['contractNo', 'kind', 'contentSha', 'sizeBytes', 'content'])
    .where('contractNo', '=', contractNo)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function documentsOf(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractDocument')
    .select(['kind', 'contentSha', 'content'])
    .where('contractNo', '=', contractNo)
    .execute();
}

/* ------------------------------ events ------------------------------ */

export function lastEvent(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractEvent')
    .select(['seq', 'hash'])
    .where('contractNo', '=', contractNo)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every contract's newest event (the chain anchor's catch-up). */
export function contractHeads(db: Db) {
  return db
    .selectFrom('econtractEvent as e')
    .select(['e.contractNo', 'e.seq', 'e.hash'])
    .where((eb) =>
      eb(
        'e.seq',
        '=',
        eb
          .selectFrom('econtractEvent as x')
          .select((x) => x.fn.max('x.seq').as('m'))
          .whereRef('x.contractNo', '=', 'e.contractNo'),
      ),
    )
    .execute();
}

export async function insertEvent(
  db: Db,
  /** The chain's event, its detail as stored (canonical JSON) and its hash, under the contract's company. */
  row: Omit<ChainEvent, 'detail'> & { compNo: string; detail: string; hash: string },
) {
  await db.insertInto('econtractEvent').values(row).execute();
}

export function eventsOf(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractEvent')
    .select([
      'eventId',
      'contractNo',
      'seq',
      'kind',
      'occurredAt',
      'ip',
      'userAgent',
      'userId',
      'actorCompNo',
      'docSha',
      'detail',
      'prevHash',
      'hash',
    ])
    .where('contractNo', '=', contractNo)
    .orderBy('seq')
    .execute();
}

/* ------------------------------ stamps ------------------------------ */

export function stampsOf(db: Db, contractNo: string) {
  return db
    .selectFrom('econtractStamp')
    .select(['party', 'amount', 'stampNo', 'recordedBy', 'recordedAt'])
    .where('contractNo', '=', contractNo)
    .orderBy('party')
    .execute();
}

export async function upsertStamp(
  db: Db,
  row: {
    contractNo: string;
    party: 'BUYER' | 'SUPPLIER';
    compNo: string;
    amount: string;
    stampNo: string;
    recordedBy: string;
  },
) {
  await db
    .insertInto('econtractStamp')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['contractNo', 'party']).doUpdateSet({
        stampNo: row.stampNo,
        amount: row.amount,
        recordedBy: row.recordedBy,
        // real time: the evidence log records when the event really happened
        recordedAt: new Date(),
      }),
    )
    .execute();
}

/** The signers' names for the audit-trail certificate (read as the owner: accounts are not the supplier role's). */
export function userNames(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appUser')
    .select(['userId', 'hname', 'compNo'])
    .where('userId', 'in', [...userIds])
    .execute();
}

/** The order's lines an amendment's PO change names, with their terms now. */
export function poLines(db: Db, poNo: string) {
  return db
    .selectFrom('poLine')
    .select(['lineNo', 'quantity', 'unitPrice', 'deliveryDate'])
    .where('poNo', '=', poNo)
    .orderBy('lineNo')
    .execute();
}

export function poDueDate(db: Db, poNo: string) {
  return db.selectFrom('poHeader').select(['dueDate', 'status']).where('poNo', '=', poNo).executeTakeFirst();
}
