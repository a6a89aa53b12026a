import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../lib/business-number.js';
import { formatCorporateNumber, isValidCorporateNumber } from '../../../lib/corporate-number.js';
import { isMaskedBankAccount, maskBankAccount } from '../../../lib/bank-account.js';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { checkFileId, loadAttachments, loadHistory } from '../../domain/documents.js';
import { checkVersion, failIf, missing, notAllowed, refused, type FieldError } from '../../domain/errors.js';
import { jpyRate, toKrw } from '../../domain/money.js';
import { iso, text } from '../../domain/values.js';
import { todayKst } from '../../domain/dates.js';
import {
  CompNoParams,
  OverviewRows,
  SpendRows,
  SupplierCreateBody,
  SupplierDetail,
  SupplierList,
  SupplierListQuery,
  SupplierUpdateBody,
  SupplierUsersRows,
  SUPPLIER_SORT,
  type SUPPLIER_STATUSES,
} from './schemas.js';

export const SUPPLIER_SCREENS = {
  list: '/CompManageList',
  edit: '/CompManageEdit',
  statusList: '/compStatusList',
  statusView: '/compStatusView',
  changeStatus: '/compChangeStatusList',
} as const;

const READ_SCREENS = Object.values(SUPPLIER_SCREENS);
const tags = ['suppliers'];

const STATUS_NAME: Record<string, string> = { ACTIVE: '거래중', SUSPENDED: '거래정지', CLOSED: '거래종료' };

export const notFoundSupplier = () => missing('SUPPLIER_NOT_FOUND', '협력사를 찾을 수 없습니다');

/** Byte limits of spec §5 for the master's names (3 bytes a Hangul syllable). */
const NAME_BYTES = 100;
const CEO_BYTES = 50;

/** Staff who keep the master (write on /CompManageEdit) see bank accounts in full; everyone else sees them masked. */
export async function mayViewBank(db: Db, caller: Caller | null): Promise<boolean> {
  if (!caller || caller.portal !== 'I') return false;
  return groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.edit], 'write');
}

type SupplierInput = Static<typeof SupplierCreateBody> | Static<typeof SupplierUpdateBody>;

interface CheckedInput {
  values: {
    compNameKr: string; compNameEn: string | null; corpNo: string | null; ceoName: string; bizType: string | null; bizItem: string | null;
    zipCode: string | null; address: string | null; phoneNo: string | null; faxNo: string | null; email: string | null; homepage: string | null;
    bankCode: string | null; bankHolder: string | null; forwardYn?: 'Y' | 'N'; councilYn?: 'Y' | 'N'; fileId: string | null;
  };
  /** undefined: keep the stored account (the masked value came back unchanged, or none was sent). */
  bankAccount: string | null | undefined;
  contacts: Array<{ name: string; deptName: string | null; positionNm: string | null; phoneNo: string | null; cellPhoneNo: string | null; email: string | null; mainYn: 'Y' | 'N' }> | undefined;
  catCodes: string[] | undefined;
  sgCodes: string[] | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the master's fields (names by bytes, numbers by check digit, codes against their masters); every problem at once. */
export async function checkSupplierInput(db: Db, b: SupplierInput): Promise<CheckedInput> {
  const errors: FieldError[] = [];
  const name = b.compNameKr.trim();
  if (!name) errors.push({ path: 'body/compNameKr', message: '업체명을 입력하세요' });
  else if (byteLength(name) > NAME_BYTES) errors.push({ path: 'body/compNameKr', message: `업체명은 ${NAME_BYTES}바이트를 넘을 수 없습니다 (현재 ${byteLength(name)}바이트)` });
  const ceo = b.ceoName.trim();
  if (!ceo) errors.push({ path: 'body/ceoName', message: '대표자명을 입력하세요' });
  else if (byteLength(ceo) > CEO_BYTES) errors.push({ path: 'body/ceoName', message: `대표자명은 ${CEO_BYTES}바이트를 넘을 수 없습니다` });
  const corp = text(b.corpNo);
  if (corp && !isValidCorporateNumber(corp)) errors.push({ path: 'body/corpNo', message: '법인등록번호가 올바르지 않습니다 (13자리, 검증번호 확인)' });
  const email = text(b.email);
  if (email && !EMAIL.test(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
  const bankCode = text(b.bankCode);
  if (bankCode && !(await db.selectFrom('code').select('code').where('groupId', '=', 'BANK').where('code', '=', bankCode).executeTakeFirst())) {
    errors.push({ path: 'body/bankCode', message: `등록되지 않은 은행 코드입니다: ${bankCode}` });
  }
  let bankAccount: string | null | undefined;
  if (b.bankAccount === undefined || isMaskedBankAccount(b.bankAccount)) bankAccount = undefined;
  else {
    bankAccount = text(b.bankAccount);
    if (bankAccount && !/^[0-9][0-9-]{5,38}[0-9]$/.test(bankAccount)) errors.push({ path: 'body/bankAccount', message: '계좌번호는 숫자와 하이픈만 쓸 수 있습니다' });
  }
  const contacts = b.contacts?.map((c, i) => {
    const cname = c.name.trim();
    if (!cname) errors.push({ path: `body/contacts/${i}/name`, message: '담당자 이름을 입력하세요' });
    const cmail = text(c.email);
    if (cmail && !EMAIL.test(cmail)) errors.push({ path: `body/contacts/${i}/email`, message: '이메일 형식이 올바르지 않습니다' });
    return { name: cname, deptName: text(c.deptName), positionNm: text(c.positionNm), phoneNo: text(c.phoneNo), cellPhoneNo: text(c.cellPhoneNo), email: cmail, mainYn: c.mainYn ?? ('N' as const) };
  });
  if (contacts && contacts.filter((c) => c.mainYn === 'Y').length > 1) errors.push({ path: 'body/contacts', message: '주 담당자는 한 명만 지정할 수 있습니다' });
  const catCodes = b.catCodes ? [...new Set(b.catCodes.map((c) => c.trim()).filter(Boolean))] : undefined;
  if (catCodes?.length) {
    const found = new Set((await db.selectFrom('itemCategory').select('catCode').where('catCode', 'in', catCodes).execute()).map((r) => r.catCode));
    catCodes.forEach((c, i) => !found.has(c) && errors.push({ path: `body/catCodes/${i}`, message: `등록되지 않은 품목분류입니다: ${c}` }));
  }
  const sgCodes = b.sgCodes ? [...new Set(b.sgCodes.map((c) => c.trim()).filter(Boolean))] : undefined;
  if (sgCodes?.length) {
    const found = new Set((await db.selectFrom('sourcingGroup').select('sgCode').where('sgCode', 'in', sgCodes).execute()).map((r) => r.sgCode));
    sgCodes.forEach((c, i) => !found.has(c) && errors.push({ path: `body/sgCodes/${i}`, message: `등록되지 않은 소싱그룹입니다: ${c}` }));
  }
  failIf(errors);
  await checkFileId(db, 'body/fileId', b.fileId);
  return {
    values: {
      compNameKr: name, compNameEn: text(b.compNameEn), corpNo: corp ? corp.replace(/-/g, '') : null, ceoName: ceo, bizType: text(b.bizType), bizItem: text(b.bizItem),
      zipCode: text(b.zipCode), address: text(b.address), phoneNo: text(b.phoneNo), faxNo: text(b.faxNo), email, homepage: text(b.homepage),
      bankCode, bankHolder: text(b.bankHolder), forwardYn: b.forwardYn, councilYn: b.councilYn, fileId: b.fileId ?? null,
    },
    bankAccount,
    contacts,
    catCodes,
    sgCodes,
  };
}

/** Writes contacts, categories and sourcing groups given in the body (each replaced whole). */
async function writeChildren(trx: Db, compNo: string, input: CheckedInput): Promise<void> {
  if (input.contacts) {
    await trx.deleteFrom('companyContact').where('compNo', '=', compNo).execute();
    if (input.contacts.length) await trx.insertInto('companyContact').values(input.contacts.map((c, i) => ({ compNo, seq: i + 1, ...c }))).execute();
  }
  if (input.catCodes) {
    await trx.deleteFrom('companyCategory').where('compNo', '=', compNo).execute();
    if (input.catCodes.length) await trx.insertInto('companyCategory').values(input.catCodes.map((catCode) => ({ compNo, catCode }))).execute();
  }
  if (input.sgCodes) {
    await trx.deleteFrom('companySourcingGroup').where('compNo', '=', compNo).execute();
    if (input.sgCodes.length) await trx.insertInto('companySourcingGroup').values(input.sgCodes.map((sgCode) => ({ compNo, sgCode }))).execute();
  }
}

/** A taken business registration number: staff learn which company holds it. */
export async function duplicateTaxNo(db: Db, taxNo: string): Promise<{ compNo: string; compNameKr: string } | undefined> {
  return db.selectFrom('company').select(['compNo', 'compNameKr']).where('taxNo', '=', taxNo).executeTakeFirst();
}

/**
 * The next company number (C + five digits), allocated inside the caller's transaction from the
 * counter row COMP/ALL of document_sequence (migration 0240). The upsert locks that row until the
 * caller commits, so two approvals at the same moment get different numbers (the second waits and
 * re-reads the row on PostgreSQL); a rolled-back transaction gives its number back. `greatest` with
 * the table's maximum keeps the counter ahead of companies written without it (the seed, imports).
 */
export async function nextCompNo(trx: Db): Promise<string> {
  const { rows } = await sql<{ lastValue: number }>`
    insert into document_sequence (prefix, period, last_value)
    values ('COMP', 'ALL', (select coalesce(max(substr(comp_no, 2)::integer), 0) + 1 from company where comp_no ~ '^C[0-9]{5}$'))
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value + 1, excluded.last_value)
    returning last_value`.execute(trx);
  const n = Number(rows[0].lastValue);
  if (n > 99_999) throw new Error('company numbers C00001–C99999 are exhausted');
  return `C${String(n).padStart(5, '0')}`;
}

export async function supplierDetail(db: Db, compNo: string, caller: Caller | null) {
  const c = await db.selectFrom('company').selectAll().where('compNo', '=', compNo).executeTakeFirst();
  if (!c) throw notFoundSupplier();
  const [contacts, categories, groups, attachments, history, bankVisible, canWrite, canRequestStatus, openRequest] = await Promise.all([
    db.selectFrom('companyContact').select(['seq', 'name', 'deptName', 'positionNm', 'phoneNo', 'cellPhoneNo', 'email', 'mainYn']).where('compNo', '=', compNo).orderBy('seq').execute(),
    db.selectFrom('companyCategory as cc').innerJoin('itemCategory as ic', 'ic.catCode', 'cc.catCode').select(['cc.catCode as code', 'ic.nameKo as name']).where('cc.compNo', '=', compNo).orderBy('cc.catCode').execute(),
    db.selectFrom('companySourcingGroup as cs').innerJoin('sourcingGroup as sg', 'sg.sgCode', 'cs.sgCode').select(['cs.sgCode as code', 'sg.sgName as name']).where('cs.compNo', '=', compNo).orderBy('cs.sgCode').execute(),
    loadAttachments(db, c.fileId),
    loadHistory(db, 'company', compNo),
    mayViewBank(db, caller),
    caller?.portal === 'I' ? groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.edit], 'write') : Promise.resolve(false),
    caller?.portal === 'I' ? groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.changeStatus], 'write') : Promise.resolve(false),
    db.selectFrom('companyStatusRequest').select('reqNo').where('compNo', '=', compNo).where('status', '=', 'REQUESTED').executeTakeFirst(),
  ]);
  const actions: string[] = [];
  if (canWrite) actions.push('update');
  if (canRequestStatus && !openRequest) actions.push('requestStatus');
  return {
    compNo: c.compNo,
    compNameKr: c.compNameKr,
    compNameEn: c.compNameEn,
    taxNo2: c.taxNo2,
    corpNo: c.corpNo ? formatCorporateNumber(c.corpNo) : null,
    ceoName: c.ceoName,
    bizType: c.bizType,
    bizItem: c.bizItem,
    zipCode: c.zipCode,
    address: c.address,
    phoneNo: c.phoneNo,
    faxNo: c.faxNo,
    email: c.email,
    homepage: c.homepage,
    bankCode: c.bankCode,
    bankAccount: bankVisible ? c.bankAccount : maskBankAccount(c.bankAccount),
    bankHolder: c.bankHolder,
    bankVisible: bankVisible ? ('Y' as const) : ('N' as const),
    status: c.status,
    statusReason: c.statusReason,
    statusChangedAt: iso(c.statusChangedAt),
    forwardYn: c.forwardYn,
    councilYn: c.councilYn,
    regDate: c.regDate,
    fileId: c.fileId,
    contacts,
    catCodes: categories.map((r) => r.code),
    sgCodes: groups.map((r) => r.code),
    categories,
    sourcingGroups: groups,
    attachments,
    history,
    actions,
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    version: c.version,
  };
}

/** The supplier master (/CompManageList, /CompManageEdit) and one supplier at a glance (/compStatusList, /compStatusView). */
export const supplierMasterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/suppliers',
    {
      config: { access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: { operationId: 'listSuppliers', tags, summary: 'Supplier master: search by number, name, business number, status, FORWARD_YN, council, category or sourcing group supplied', querystring: SupplierListQuery, response: { 200: SupplierList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort, { field: 'compNo', direction: 'asc' });
      const { limit, offset } = pageWindow(q);
      let base = request.db.selectFrom('company as c');
      const compNo = given(q.compNo);
      if (compNo) base = base.where('c.compNo', 'ilike', `%${likeEscape(compNo)}%`);
      const name = given(q.compNameKr);
      if (name) base = base.where((eb) => eb.or([eb('c.compNameKr', 'ilike', `%${likeEscape(name)}%`), eb('c.compNameEn', 'ilike', `%${likeEscape(name)}%`)]));
      const tax = given(q.taxNo)?.replace(/-/g, '');
      if (tax) base = base.where('c.taxNo', 'like', `%${likeEscape(tax)}%`);
      if (q.status?.length) base = base.where('c.status', 'in', q.status as Array<(typeof SUPPLIER_STATUSES)[number]>);
      if (q.forwardYn) base = base.where('c.forwardYn', '=', q.forwardYn);
      if (q.councilYn) base = base.where('c.councilYn', '=', q.councilYn);
      const cat = given(q.catCode);
      if (cat) base = base.where((eb) => eb.exists(eb.selectFrom('companyCategory as cc').select('cc.compNo').whereRef('cc.compNo', '=', 'c.compNo').where('cc.catCode', '=', cat)));
      const sg = given(q.sgCode);
      if (sg) base = base.where((eb) => eb.exists(eb.selectFrom('companySourcingGroup as cs').select('cs.compNo').whereRef('cs.compNo', '=', 'c.compNo').where('cs.sgCode', '=', sg)));
      if (q.changeRequested === 'Y') base = base.where((eb) => eb.exists(eb.selectFrom('companyChangeRequest as cr').select('cr.compNo').whereRef('cr.compNo', '=', 'c.compNo').where('cr.status', '=', 'REQUESTED')));
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'c.compNo', 'c.compNameKr', 'c.compNameEn', 'c.taxNo2', 'c.corpNo', 'c.ceoName', 'c.bizType', 'c.bizItem', 'c.phoneNo', 'c.email',
            'c.status', 'c.statusReason', 'c.forwardYn', 'c.councilYn', 'c.regDate', 'c.updatedAt',
          ])
          .select((eb) => [
            sql<string>`coalesce((select string_agg(ic.name_ko, ', ' order by ic.cat_code) from company_category cc join item_category ic on ic.cat_code = cc.cat_code where cc.comp_no = c.comp_no), '')`.as('categories'),
            eb.selectFrom('appUser as u').select((e) => e.fn.countAll<number>().as('n')).whereRef('u.compNo', '=', 'c.compNo').as('userCount'),
            eb.selectFrom('companyChangeRequest as cr').select('cr.reqNo').whereRef('cr.compNo', '=', 'c.compNo').where('cr.status', '=', 'REQUESTED').limit(1).as('openChangeReqNo'),
          ])
          .orderBy(`c.${sort.field satisfies (typeof SUPPLIER_SORT)[number]}`, sort.direction)
          .orderBy('c.compNo')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, corpNo: r.corpNo ? formatCorporateNumber(r.corpNo) : null, userCount: Number(r.userCount ?? 0), openChangeReqNo: r.openChangeReqNo ?? null, updatedAt: iso(r.updatedAt)! })),
        total: Number(count.n),
      };
    },
  );

  app.get(
    '/api/v1/suppliers/category-options',
    {
      config: { access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listSupplierCategoryOptions',
        tags,
        summary: 'Item categories a supplier may be said to supply (levels 1 and 2, in use), for the master’s choice',
        response: { 200: Type.Object({ rows: Type.Array(Type.Object({ catCode: Type.String(), nameKo: Type.String(), depth: Type.Integer() })), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const rows = await request.db.selectFrom('itemCategory').select(['catCode', 'nameKo', 'depth']).where('depth', '<=', 2).where('useYn', '=', 'Y').orderBy('catCode').execute();
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/suppliers/:compNo',
    {
      config: { access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: { operationId: 'getSupplier', tags, summary: 'One supplier: registration numbers, contacts, bank account (masked unless the caller keeps the master), categories and sourcing groups supplied, attachments, history', params: CompNoParams, response: { 200: SupplierDetail, ...commonErrors } },
    },
    async (request) => supplierDetail(request.db, request.params.compNo.toUpperCase(), request.caller),
  );

  app.post(
    '/api/v1/suppliers',
    {
      config: { access: access.login([SUPPLIER_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'createSupplier', tags, summary: 'Register a supplier directly in the master (trading from today); the business number must pass its check digit and not be registered yet', body: SupplierCreateBody, response: { 200: SupplierDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const b = request.body;
      const taxRaw = b.taxNo2.trim();
      if (!isValidBusinessNumber(taxRaw)) failIf([{ path: 'body/taxNo2', message: '사업자등록번호가 올바르지 않습니다 (10자리, 검증번호 확인)' }]);
      const taxNo = taxRaw.replace(/-/g, '');
      const input = await checkSupplierInput(request.db, b);
      const dup = await duplicateTaxNo(request.db, taxNo);
      if (dup) throw refused('DUPLICATE_TAX_NO', `이미 등록된 사업자등록번호입니다: ${dup.compNameKr} (${dup.compNo})`, { compNo: dup.compNo });
      const compNo = await request.db.transaction().execute(async (trx) => {
        const compNo = await nextCompNo(trx);
        const row = { compNo, taxNo, taxNo2: formatBusinessNumber(taxNo), ...input.values, bankAccount: input.bankAccount ?? null, status: 'ACTIVE' as const, regDate: todayKst(), statusChangedAt: new Date() };
        await trx.insertInto('company').values(row).execute();
        await writeChildren(trx, compNo, input);
        await writeAudit(trx, { entity: 'company', entityKey: compNo, action: 'CREATE', actor: caller.userId, after: { ...row, bankAccount: maskBankAccount(row.bankAccount), contacts: input.contacts, catCodes: input.catCodes, sgCodes: input.sgCodes } });
        return compNo;
      });
      return supplierDetail(request.db, compNo, caller);
    },
  );

  app.put(
    '/api/v1/suppliers/:compNo',
    {
      config: { access: access.login([SUPPLIER_SCREENS.edit], 'write', ['I']) },
      schema: {
        operationId: 'updateSupplier',
        tags,
        summary: 'Change the master (not its status: that is a status change request); a masked bank account sent back keeps the stored one; stale version: 409',
        params: CompNoParams,
        body: SupplierUpdateBody,
        response: { 200: SupplierDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const compNo = request.params.compNo.toUpperCase();
      const input = await checkSupplierInput(request.db, request.body);
      if (input.bankAccount !== undefined && !(await mayViewBank(request.db, caller))) throw notAllowed('계좌번호를 변경할 권한이 없습니다');
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('company').selectAll().where('compNo', '=', compNo).forUpdate().executeTakeFirst();
        if (!before) throw notFoundSupplier();
        checkVersion(request.body.version, before.version);
        const set = { ...input.values, ...(input.bankAccount === undefined ? {} : { bankAccount: input.bankAccount }), updatedAt: new Date(), version: before.version + 1 };
        await trx.updateTable('company').set(set).where('compNo', '=', compNo).execute();
        await writeChildren(trx, compNo, input);
        const changed = Object.fromEntries(Object.entries(input.values).filter(([k, v]) => v !== undefined && (before as Record<string, unknown>)[k] !== v));
        if (input.bankAccount !== undefined && input.bankAccount !== before.bankAccount) changed.bankAccount = maskBankAccount(input.bankAccount);
        await writeAudit(trx, {
          entity: 'company', entityKey: compNo, action: 'UPDATE', actor: caller.userId,
          before: Object.fromEntries(Object.keys(changed).map((k) => [k, k === 'bankAccount' ? maskBankAccount(before.bankAccount) : (before as Record<string, unknown>)[k]])),
          after: { ...changed, ...(input.contacts ? { contacts: input.contacts } : {}), ...(input.catCodes ? { catCodes: input.catCodes } : {}), ...(input.sgCodes ? { sgCodes: input.sgCodes } : {}) },
        });
      });
      return supplierDetail(request.db, compNo, caller);
    },
  );

  app.get(
    '/api/v1/suppliers/:compNo/overview',
    {
      config: { access: access.login([SUPPLIER_SCREENS.statusList, SUPPLIER_SCREENS.statusView, SUPPLIER_SCREENS.list, SUPPLIER_SCREENS.edit], 'read', ['I']) },
      schema: {
        operationId: 'getSupplierOverview',
        tags,
        summary: 'One supplier at a glance (compStatusView): status and reason, open RFQs and POs, on-time delivery rate (12 months), open settlement disputes, users, latest evaluation grade — as metric/value rows',
        params: CompNoParams,
        response: { 200: OverviewRows, ...commonErrors },
      },
    },
    async (request) => {
      const db = request.db;
      const compNo = request.params.compNo.toUpperCase();
      const c = await db.selectFrom('company').select(['compNo', 'compNameKr', 'taxNo2', 'status', 'statusReason', 'forwardYn']).where('compNo', '=', compNo).executeTakeFirst();
      if (!c) throw notFoundSupplier();
      const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const [rfqs, pos, deliveries, disputes, users] = await Promise.all([
        db.selectFrom('quotation as q').innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo').select((eb) => eb.fn.countAll<number>().as('n')).where('q.compNo', '=', compNo).where('r.status', '=', 'OPEN').executeTakeFirstOrThrow(),
        db.selectFrom('poHeader').select((eb) => eb.fn.countAll<number>().as('n')).where('compNo', '=', compNo).where('status', 'in', ['APPROVED', 'SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED']).executeTakeFirstOrThrow(),
        db
          .selectFrom('delivery as d')
          .innerJoin('poHeader as p', 'p.poNo', 'd.poNo')
          .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`count(*) filter (where d.delivery_date <= p.due_date)`.as('onTime')])
          .where('d.compNo', '=', compNo)
          .where('d.status', '<>', 'CANCELLED')
          .where('d.deliveryDate', '>=', since)
          .executeTakeFirstOrThrow(),
        db.selectFrom('settlement').select((eb) => eb.fn.countAll<number>().as('n')).where('compNo', '=', compNo).where('status', '=', 'DISPUTED').executeTakeFirstOrThrow(),
        db.selectFrom('appUser').select((eb) => eb.fn.countAll<number>().as('n')).where('compNo', '=', compNo).where('useFlag', '=', 'Y').executeTakeFirstOrThrow(),
      ]);
      const n = Number(deliveries.n);
      const rows = [
        { metric: 'compName', value: `${c.compNameKr} (${c.compNo}, ${c.taxNo2})` },
        { metric: 'status', value: `${STATUS_NAME[c.status] ?? c.status} (${c.status})` },
        { metric: 'statusReason', value: c.statusReason ?? '-' },
        { metric: 'forwardYn', value: c.forwardYn },
        { metric: 'openRfqs', value: String(Number(rfqs.n)) },
        { metric: 'openPos', value: String(Number(pos.n)) },
        { metric: 'onTimeRate', value: n === 0 ? '-' : `${((Number(deliveries.onTime) / n) * 100).toFixed(1)}% (${Number(deliveries.onTime)}/${n})` },
        { metric: 'disputes', value: String(Number(disputes.n)) },
        { metric: 'users', value: String(Number(users.n)) },
        // Evaluation grades arrive with the evaluation module (#10); until then there is none to show.
        { metric: 'latestGrade', value: '-' },
      ];
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/suppliers/:compNo/spend',
    {
      config: { access: access.login([SUPPLIER_SCREENS.statusList, SUPPLIER_SCREENS.statusView], 'read', ['I']) },
      schema: { operationId: 'listSupplierSpend', tags, summary: 'Orders placed with a supplier by month over the last 12 months, in KRW (JPY at the current rate); a month without orders is 0', params: CompNoParams, response: { 200: SpendRows, ...commonErrors } },
    },
    async (request) => {
      const compNo = request.params.compNo.toUpperCase();
      if (!(await request.db.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst())) throw notFoundSupplier();
      const today = todayKst();
      const months: string[] = [];
      const [y, m] = today.split('-').map(Number);
      for (let k = 11; k >= 0; k--) {
        const d = new Date(Date.UTC(y, m - 1 - k, 1));
        months.push(d.toISOString().slice(0, 7));
      }
      const rows = await request.db
        .selectFrom('poHeader')
        .select((eb) => [sql<string>`to_char(po_date, 'YYYY-MM')`.as('month'), 'currency', eb.fn.sum<string>('totalAmount').as('amount'), eb.fn.countAll<number>().as('n')])
        .where('compNo', '=', compNo)
        .where('status', 'not in', ['DRAFT', 'CANCELLED', 'REJECTED', 'IN_APPROVAL'])
        .where('poDate', '>=', `${months[0]}-01`)
        .groupBy([sql`to_char(po_date, 'YYYY-MM')`, 'currency'])
        .execute();
      const rate = await jpyRate(request.db);
      const out = months.map((month) => {
        const of = rows.filter((r) => r.month === month);
        const amount = of.reduce((a, r) => a + Number(toKrw(String(r.amount), r.currency, rate)), 0);
        return { month, amountKrw: Math.round(amount), poCount: of.reduce((a, r) => a + Number(r.n), 0) };
      });
      return { rows: out, total: out.length };
    },
  );

  app.get(
    '/api/v1/suppliers/:compNo/users',
    {
      config: { access: access.login([SUPPLIER_SCREENS.statusView, SUPPLIER_SCREENS.edit], 'read', ['I']) },
      schema: { operationId: 'listSupplierUsersOf', tags, summary: 'The portal users of one supplier (compStatusView)', params: CompNoParams, response: { 200: SupplierUsersRows, ...commonErrors } },
    },
    async (request) => {
      const compNo = request.params.compNo.toUpperCase();
      const rows = await request.db
        .selectFrom('appUser')
        .select(['userId', 'hname', 'authGroupId', 'email', 'cellPhoneNo', 'useFlag', 'status', 'lockedAt', 'lastLoginAt'])
        .where('compNo', '=', compNo)
        .orderBy('userId')
        .execute();
      return { rows: rows.map(({ lockedAt, ...r }) => ({ ...r, locked: lockedAt ? ('Y' as const) : ('N' as const), lastLoginAt: iso(r.lastLoginAt) })), total: rows.length };
    },
  );
};
