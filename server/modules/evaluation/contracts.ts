import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { internalActor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, type FieldError } from '../../domain/errors.js';
import { checkDate, todayKst } from '../../domain/dates.js';
import { checkDecimal, requireText, text } from '../../domain/values.js';
import { ContractCreateBody, ContractDetail, ContractListQuery, ContractNoParams, ContractRow, ContractUpdateBody } from './schemas.js';
import { SCREENS } from './screens.js';

/** Purchase-contract suppliers (구매계약 협력사): yearly contracts, their terms, and each supplier's evaluation standing. */
/** CT2026-000001: the shared document numbering (document_sequence), prefix CT. */
const nextContractNo = (trx: Db): Promise<string> => nextDocumentNumber(trx, 'CT', todayKst());

const contractMissing = () => missing('CONTRACT_NOT_FOUND', '구매계약을 찾을 수 없습니다');

function contractQuery(db: Db) {
  // The newest finalized grade of each supplier.
  const standing = db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .select(['t.compNo', 't.grade', 't.gradeAction', 't.totalScore', 'p.periodName', sql<number>`row_number() over (partition by t.comp_no order by p.end_date desc)`.as('rn')])
    .where('t.status', '=', 'FINAL');
  return db
    .selectFrom('purContract as k')
    .innerJoin('company as c', 'c.compNo', 'k.compNo')
    .leftJoin('sourcingGroup as g', 'g.sgCode', 'k.sgCode')
    .leftJoin(standing.as('s'), (j) => j.onRef('s.compNo', '=', 'k.compNo').on('s.rn', '=', 1));
}

const SORT = { contractNo: 'k.contractNo', compNo: 'k.compNo', compName: 'c.compNameKr', contractYear: 'k.contractYear', endDate: 'k.endDate', grade: 's.grade' } as const;

async function listContracts(db: Db, f: Static<typeof ContractListQuery> & { contractNo?: string }) {
  let q = contractQuery(db);
  if (f.contractNo) q = q.where('k.contractNo', '=', f.contractNo);
  if (f.contractYear) q = q.where('k.contractYear', '=', f.contractYear);
  if (f.status) q = q.where('k.status', '=', f.status);
  if (f.grade) q = q.where('s.grade', '=', f.grade);
  if (given(f.compNo)) q = q.where('k.compNo', '=', f.compNo!.trim().toUpperCase());
  if (given(f.compName)) q = q.where('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'contractNo', direction: 'desc' });
  const w = pageWindow(f);
  const rows = await q
    .select([
      'k.contractNo', 'k.compNo', 'c.compNameKr as compName', 'k.contractYear', 'k.title', 'k.sgCode', 'g.sgName', 'k.startDate', 'k.endDate', 'k.paymentTerms', 'k.deliveryTerms', 'k.amountLimit', 'k.status', 'k.remark', 'k.version',
      's.grade', 's.gradeAction', 's.periodName as gradePeriod', 's.totalScore as gradeScore',
      sql<number>`(select count(*) from eva_task x join eva_period y on y.period_id = x.period_id where x.comp_no = k.comp_no and y.status = 'OPEN' and x.status <> 'SUBMITTED')`.as('openTasks'),
    ])
    .orderBy(sql.ref(SORT[sort.field]), sort.direction)
    .orderBy('k.contractNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows: rows.map((r) => ({ ...r, openTasks: Number(r.openTasks) })) };
}

async function contractDetail(db: Db, contractNo: string) {
  const { rows } = await listContracts(db, { contractNo });
  const k = rows[0];
  if (!k) throw contractMissing();
  const history = await db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .select(['p.periodName', 't.totalScore', 't.grade', 't.status', sql<'Y' | 'N'>`case when t.published_at is null then 'N' else 'Y' end`.as('published')])
    .where('t.compNo', '=', k.compNo)
    .where('t.status', '<>', 'SUPERSEDED')
    .orderBy('p.endDate', 'desc')
    .execute();
  return { ...k, history };
}

async function checkContract(db: Db, b: Static<typeof ContractCreateBody>) {
  const errors: FieldError[] = [];
  const compNo = b.compNo.trim().toUpperCase();
  requireText(errors, 'body/title', b.title, '계약명');
  requireText(errors, 'body/paymentTerms', b.paymentTerms, '지급 조건');
  checkDate(errors, 'body/startDate', b.startDate, '계약 시작일', { required: true });
  checkDate(errors, 'body/endDate', b.endDate, '계약 종료일', { required: true });
  if (!errors.some((e) => /Date$/.test(e.path)) && b.endDate < b.startDate) errors.push({ path: 'body/endDate', message: '계약 종료일은 시작일 이후여야 합니다' });
  if (text(b.amountLimit)) checkDecimal(errors, 'body/amountLimit', b.amountLimit, { label: '계약 한도', scale: 0, intDigits: 18, sign: 'positive' });
  if (!(await db.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst())) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  const sg = text(b.sgCode);
  if (sg && !(await db.selectFrom('sourcingGroup').select('sgCode').where('sgCode', '=', sg).executeTakeFirst())) errors.push({ path: 'body/sgCode', message: `소싱그룹을 찾을 수 없습니다: ${sg}` });
  failIf(errors);
  return {
    compNo, contractYear: b.contractYear, title: b.title.trim(), sgCode: sg, startDate: b.startDate, endDate: b.endDate, paymentTerms: b.paymentTerms.trim(), deliveryTerms: text(b.deliveryTerms),
    amountLimit: text(b.amountLimit), status: b.status ?? 'ACTIVE', remark: text(b.remark),
  };
}

export const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.contractList, SCREENS.contractDetail], 'read', ['I']) };
  const write = { access: access.login([SCREENS.contractDetail], 'write', ['I']) };

  app.get(
    '/api/v1/evaluation/contracts',
    { config: read, schema: { operationId: 'listPurContracts', tags, summary: 'Yearly purchase-contract suppliers with their terms and evaluation standing', querystring: ContractListQuery, response: { 200: Type.Object({ rows: Type.Array(ContractRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => listContracts(request.db, request.query),
  );
  app.get(
    '/api/v1/evaluation/contracts/:contractNo',
    { config: read, schema: { operationId: 'getPurContract', tags, summary: 'One contract with the supplier’s evaluation history', params: ContractNoParams, response: { 200: ContractDetail, ...commonErrors } } },
    async (request) => contractDetail(request.db, request.params.contractNo),
  );
  app.post(
    '/api/v1/evaluation/contracts',
    { config: write, schema: { operationId: 'createPurContract', tags, summary: 'Register a yearly purchase contract', body: ContractCreateBody, response: { 200: ContractDetail, ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const input = await checkContract(request.db, request.body);
      const contractNo = await request.db.transaction().execute(async (trx) => {
        const contractNo = await nextContractNo(trx);
        await trx.insertInto('purContract').values({ contractNo, ...input, createdBy: actor.userId }).execute();
        await writeAudit(trx, { entity: 'pur_contract', entityKey: contractNo, action: 'CREATE', actor: actor.userId, after: input });
        return contractNo;
      });
      return contractDetail(request.db, contractNo);
    },
  );
  app.put(
    '/api/v1/evaluation/contracts/:contractNo',
    { config: write, schema: { operationId: 'updatePurContract', tags, summary: 'Change a contract’s terms or end it (stale version: 409)', params: ContractNoParams, body: ContractUpdateBody, response: { 200: ContractDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { contractNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const input = await checkContract(request.db, request.body);
      await request.db.transaction().execute(async (trx) => {
        const k = await trx.selectFrom('purContract').selectAll().where('contractNo', '=', contractNo).forUpdate().executeTakeFirst();
        if (!k) throw contractMissing();
        checkVersion(request.body.version, k.version);
        await trx.updateTable('purContract').set({ ...input, updatedAt: new Date(), version: k.version + 1 }).where('contractNo', '=', contractNo).execute();
        await writeAudit(trx, { entity: 'pur_contract', entityKey: contractNo, action: 'UPDATE', actor: actor.userId, before: k, after: input });
      });
      return contractDetail(request.db, contractNo);
    },
  );
};
