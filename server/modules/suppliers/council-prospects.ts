import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../lib/business-number.js';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import type { Db } from '../../db/connect.js';
import { checkVersion, failIf, missing, wrongState, type FieldError } from '../../domain/errors.js';
import { checkDate, todayKst } from '../../domain/dates.js';
import { iso, text } from '../../domain/values.js';
import { notFoundSupplier } from './master.js';
import {
  CouncilCreateBody, CouncilIdParams, CouncilList, CouncilListQuery, CouncilRow, PROSPECT_STATES, ProspectCreateBody, ProspectDropBody, ProspectList, ProspectListQuery, ProspectNoParams, ProspectRow, VersionQuery,
} from './schemas.js';
import { VersionBody } from '../../domain/schemas.js';

const COUNCIL = '/CompCouncilList';
const PROSPECTS = '/compExcavationList';
const tags = ['suppliers'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps company.council_yn in step with the council: Y while a term covers today. */
async function syncCouncilFlag(trx: Db, compNo: string): Promise<void> {
  const today = todayKst();
  const current = await trx.selectFrom('companyCouncil').select('councilId').where('compNo', '=', compNo).where('termFrom', '<=', today).where('termTo', '>=', today).executeTakeFirst();
  await trx.updateTable('company').set({ councilYn: current ? 'Y' : 'N' }).where('compNo', '=', compNo).execute();
}

/** The supplier council (/CompCouncilList) and prospective suppliers (/compExcavationList). */
export const councilProspectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const councilRows = (db: Db) => db.selectFrom('companyCouncil as m').innerJoin('company as c', 'c.compNo', 'm.compNo');
  const councilSelect = ['m.councilId', 'm.compNo', 'c.compNameKr', 'c.status as compStatus', 'm.role', 'm.termFrom', 'm.termTo', 'm.remark', 'm.version'] as const;
  const toCouncil = (r: { termFrom: string; termTo: string } & Record<string, unknown>) => {
    const today = todayKst();
    return { ...r, current: r.termFrom <= today && r.termTo >= today ? ('Y' as const) : ('N' as const) };
  };

  app.get(
    '/api/v1/supplier-council',
    {
      config: { access: access.login([COUNCIL], 'read', ['I']) },
      schema: { operationId: 'listCouncilMembers', tags, summary: 'Supplier council members and their terms (current=Y: a term covering today)', querystring: CouncilListQuery, response: { 200: CouncilList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const today = todayKst();
      let base = councilRows(request.db);
      if (q.current === 'Y') base = base.where('m.termFrom', '<=', today).where('m.termTo', '>=', today);
      if (q.current === 'N') base = base.where((eb) => eb.or([eb('m.termFrom', '>', today), eb('m.termTo', '<', today)]));
      const name = given(q.compNameKr);
      if (name) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(name)}%`);
      const sort = parseSort<string>(q.sort, { field: 'termTo', direction: 'desc' });
      const ref = sort.field === 'compNameKr' ? ('c.compNameKr' as const) : (`m.${sort.field as 'compNo' | 'role' | 'termFrom' | 'termTo'}` as const);
      const { limit, offset } = pageWindow(q);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base.select([...councilSelect]).orderBy(ref, sort.direction).orderBy('m.councilId').limit(limit).offset(offset).execute(),
      ]);
      return { rows: rows.map((r) => ({ ...toCouncil(r), councilId: Number(r.councilId) })) as Array<Static<typeof CouncilRow>>, total: Number(count.n) };
    },
  );

  app.post(
    '/api/v1/supplier-council',
    {
      config: { access: access.login([COUNCIL], 'write', ['I']) },
      schema: { operationId: 'addCouncilMember', tags, summary: 'Appoint a trading supplier to the council for a term (terms of one supplier may not overlap)', body: CouncilCreateBody, response: { 200: CouncilRow, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const b = request.body;
      const caller = request.caller!;
      const errors: FieldError[] = [];
      checkDate(errors, 'body/termFrom', b.termFrom, '임기 시작일', { required: true });
      checkDate(errors, 'body/termTo', b.termTo, '임기 종료일', { required: true });
      if (!errors.length && b.termTo < b.termFrom) errors.push({ path: 'body/termTo', message: '임기 종료일은 시작일 이후여야 합니다' });
      const remark = text(b.remark);
      if (remark && byteLength(remark) > 500) errors.push({ path: 'body/remark', message: '비고는 500바이트를 넘을 수 없습니다' });
      failIf(errors);
      const compNo = b.compNo.trim().toUpperCase();
      const id = await request.db.transaction().execute(async (trx) => {
        const c = await trx.selectFrom('company').select(['compNo', 'status']).where('compNo', '=', compNo).forUpdate().executeTakeFirst();
        if (!c) throw notFoundSupplier();
        if (c.status !== 'ACTIVE') failIf([{ path: 'body/compNo', message: '거래 중인 협력사만 협력회에 위촉할 수 있습니다' }]);
        const overlap = await trx.selectFrom('companyCouncil').select('councilId').where('compNo', '=', compNo).where('termFrom', '<=', b.termTo).where('termTo', '>=', b.termFrom).executeTakeFirst();
        if (overlap) failIf([{ path: 'body/termFrom', message: '같은 협력사의 임기가 겹칩니다' }]);
        const row = { compNo, role: b.role, termFrom: b.termFrom, termTo: b.termTo, remark, createdBy: caller.userId };
        const { councilId } = await trx.insertInto('companyCouncil').values(row).returning('councilId').executeTakeFirstOrThrow();
        await syncCouncilFlag(trx, compNo);
        await writeAudit(trx, { entity: 'company_council', entityKey: String(councilId), action: 'CREATE', actor: caller.userId, after: row });
        return Number(councilId);
      });
      const r = await councilRows(request.db).select([...councilSelect]).where('m.councilId', '=', id).executeTakeFirstOrThrow();
      return { ...toCouncil(r), councilId: Number(r.councilId) } as Static<typeof CouncilRow>;
    },
  );

  app.delete(
    '/api/v1/supplier-council/:councilId',
    {
      config: { access: access.login([COUNCIL], 'write', ['I']) },
      schema: { operationId: 'removeCouncilMember', tags, summary: 'Remove a council term (with the version read)', params: CouncilIdParams, querystring: VersionQuery, response: { 200: Type.Object({ councilId: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { councilId } = request.params;
      await request.db.transaction().execute(async (trx) => {
        const m = await trx.selectFrom('companyCouncil').selectAll().where('councilId', '=', councilId).forUpdate().executeTakeFirst();
        if (!m) throw missing('COUNCIL_MEMBER_NOT_FOUND', '협력회 위촉 정보를 찾을 수 없습니다');
        checkVersion(request.query.version, m.version);
        await trx.deleteFrom('companyCouncil').where('councilId', '=', councilId).execute();
        await syncCouncilFlag(trx, m.compNo);
        await writeAudit(trx, { entity: 'company_council', entityKey: String(councilId), action: 'DELETE', actor: request.caller!.userId, before: m });
      });
      return { councilId };
    },
  );

  // ----- prospects -----

  async function prospectRows(db: Db, where: { prospectNo?: string; q?: Static<typeof ProspectListQuery> }, userId: string, authGroupId: string) {
    let base = db.selectFrom('companyProspect as p').leftJoin('appUser as u', 'u.userId', 'p.foundBy');
    if (where.prospectNo) base = base.where('p.prospectNo', '=', where.prospectNo);
    const q = where.q;
    if (q?.status?.length) base = base.where('p.status', 'in', q.status as Array<(typeof PROSPECT_STATES)[number]>);
    const name = given(q?.compName);
    if (name) base = base.where('p.compName', 'ilike', `%${likeEscape(name)}%`);
    const sort = parseSort(q?.sort, { field: 'foundAt', direction: 'desc' });
    const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
    const [count, rows, canWrite] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['p.prospectNo', 'p.compName', 'p.taxNo', 'p.ceoName', 'p.contactName', 'p.email', 'p.phoneNo', 'p.items', 'p.status', 'p.foundBy', 'u.hname as foundByName', 'p.foundAt', 'p.invitedAt', 'p.dropReason', 'p.version'])
        .select(sql<string | null>`(select c.comp_no from company c where c.tax_no = p.tax_no)`.as('registeredCompNo'))
        .orderBy(`p.${sort.field as 'prospectNo' | 'compName' | 'status' | 'foundAt' | 'invitedAt'}`, sort.direction)
        .orderBy('p.prospectNo', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      groupHoldsScreen(db, authGroupId, [PROSPECTS], 'write'),
    ]);
    return {
      total: Number(count.n),
      rows: rows.map(({ taxNo, ...r }) => ({
        ...r,
        taxNo2: taxNo ? formatBusinessNumber(taxNo) : null,
        foundAt: iso(r.foundAt)!,
        invitedAt: iso(r.invitedAt),
        actions: !canWrite || r.status === 'DROPPED' ? [] : r.status === 'FOUND' ? ['invite', 'drop'] : ['invite'],
        _me: userId,
      })).map(({ _me: _m, ...r }) => r),
    };
  }

  const oneProspect = async (db: Db, prospectNo: string, caller: { userId: string; authGroupId: string }) => {
    const { rows } = await prospectRows(db, { prospectNo }, caller.userId, caller.authGroupId);
    if (!rows.length) throw missing('PROSPECT_NOT_FOUND', '발굴 협력사를 찾을 수 없습니다');
    return rows[0];
  };

  app.get(
    '/api/v1/supplier-prospects',
    {
      config: { access: access.login([PROSPECTS], 'read', ['I']) },
      schema: { operationId: 'listSupplierProspects', tags, summary: 'Prospective suppliers found by buyers, with whether the business number is already in the master', querystring: ProspectListQuery, response: { 200: ProspectList, ...commonErrors } },
    },
    async (request) => prospectRows(request.db, { q: request.query }, request.caller!.userId, request.caller!.authGroupId),
  );

  app.post(
    '/api/v1/supplier-prospects',
    {
      config: { access: access.login([PROSPECTS], 'write', ['I']) },
      schema: { operationId: 'createSupplierProspect', tags, summary: 'Record a prospective supplier (business number checked when given)', body: ProspectCreateBody, response: { 200: ProspectRow, ...commonErrors } },
    },
    async (request) => {
      const b = request.body;
      const caller = request.caller!;
      const errors: FieldError[] = [];
      const compName = b.compName.trim();
      if (!compName) errors.push({ path: 'body/compName', message: '업체명을 입력하세요' });
      else if (byteLength(compName) > 100) errors.push({ path: 'body/compName', message: '업체명은 100바이트를 넘을 수 없습니다' });
      const tax = text(b.taxNo2);
      if (tax && !isValidBusinessNumber(tax)) errors.push({ path: 'body/taxNo2', message: '사업자등록번호가 올바르지 않습니다 (10자리, 검증번호 확인)' });
      const email = b.email.trim();
      if (!EMAIL.test(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
      const items = text(b.items);
      if (items && byteLength(items) > 500) errors.push({ path: 'body/items', message: '취급 품목은 500바이트를 넘을 수 없습니다' });
      failIf(errors);
      const prospectNo = await request.db.transaction().execute(async (trx) => {
        const prospectNo = await nextDocumentNumber(trx, 'PS', todayKst());
        const row = { prospectNo, compName, taxNo: tax ? tax.replace(/-/g, '') : null, ceoName: text(b.ceoName), contactName: text(b.contactName), email, phoneNo: text(b.phoneNo), items, status: 'FOUND' as const, foundBy: caller.userId };
        await trx.insertInto('companyProspect').values(row).execute();
        await writeAudit(trx, { entity: 'company_prospect', entityKey: prospectNo, action: 'CREATE', actor: caller.userId, after: row });
        return prospectNo;
      });
      return oneProspect(request.db, prospectNo, caller);
    },
  );

  app.post(
    '/api/v1/supplier-prospects/:prospectNo/invite',
    {
      config: { access: access.login([PROSPECTS], 'write', ['I']) },
      schema: { operationId: 'inviteSupplierProspect', tags, summary: 'Invite a prospect to apply: an e-mail with the public application page is sent (again, if already invited)', params: ProspectNoParams, body: VersionBody, response: { 200: ProspectRow, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const p = await request.db.transaction().execute(async (trx) => {
        const p = await trx.selectFrom('companyProspect').selectAll().where('prospectNo', '=', request.params.prospectNo).forUpdate().executeTakeFirst();
        if (!p) throw missing('PROSPECT_NOT_FOUND', '발굴 협력사를 찾을 수 없습니다');
        checkVersion(request.body.version, p.version);
        if (p.status === 'DROPPED') throw wrongState('제외된 발굴 협력사는 초대할 수 없습니다', p.status);
        await trx.updateTable('companyProspect').set({ status: 'INVITED', invitedAt: new Date(), invitedBy: caller.userId, version: p.version + 1 }).where('prospectNo', '=', p.prospectNo).execute();
        await writeAudit(trx, { entity: 'company_prospect', entityKey: p.prospectNo, action: 'INVITE', actor: caller.userId, before: { status: p.status }, after: { status: 'INVITED', email: p.email } });
        return p;
      });
      await app.auth.sender.send(app.dbh.db, {
        to: p.email,
        channel: 'EMAIL',
        text: `[OGPMS] ${p.compName} 담당자님, 협력사 등록을 신청해 주시기 바랍니다. 협력사 포털의 사용자 신청(/template/userApply)에서 신청할 수 있습니다.`,
      });
      return oneProspect(request.db, p.prospectNo, caller);
    },
  );

  app.post(
    '/api/v1/supplier-prospects/:prospectNo/drop',
    {
      config: { access: access.login([PROSPECTS], 'write', ['I']) },
      schema: { operationId: 'dropSupplierProspect', tags, summary: 'Drop a prospect that was not invited, with a reason', params: ProspectNoParams, body: ProspectDropBody, response: { 200: ProspectRow, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const reason = request.body.reason.trim();
      if (!reason) failIf([{ path: 'body/reason', message: '제외 사유를 입력하세요' }]);
      await request.db.transaction().execute(async (trx) => {
        const p = await trx.selectFrom('companyProspect').selectAll().where('prospectNo', '=', request.params.prospectNo).forUpdate().executeTakeFirst();
        if (!p) throw missing('PROSPECT_NOT_FOUND', '발굴 협력사를 찾을 수 없습니다');
        checkVersion(request.body.version, p.version);
        if (p.status !== 'FOUND') throw wrongState('초대하지 않은 발굴 협력사만 제외할 수 있습니다', p.status);
        await trx.updateTable('companyProspect').set({ status: 'DROPPED', dropReason: reason, version: p.version + 1 }).where('prospectNo', '=', p.prospectNo).execute();
        await writeAudit(trx, { entity: 'company_prospect', entityKey: p.prospectNo, action: 'DROP', actor: caller.userId, before: { status: p.status }, after: { status: 'DROPPED' }, reason });
      });
      return oneProspect(request.db, request.params.prospectNo, caller);
    },
  );
};
