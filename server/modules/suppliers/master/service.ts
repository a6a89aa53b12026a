import type { Static } from 'typebox';
import { formatBusinessNumber, isValidBusinessNumber } from '../../../../lib/business-number.js';
import { formatCorporateNumber, isValidCorporateNumber } from '../../../../lib/corporate-number.js';
import { isMaskedBankAccount, maskBankAccount } from '../../../../lib/bank-account.js';
import { byteLength } from '../../../../lib/text.js';
import { given, pageWindow, parseSort } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { existingCodes, loadAttachments, loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, notAllowed, refused, type FieldError } from '../../../domain/errors.js';
import { jpyRate, toKrw } from '../../../domain/money.js';
import { isEmail, iso, text } from '../../../domain/values.js';
import { todayKst } from '../../../domain/dates.js';
import { STATUS_TEXT, SUPPLIER_SCREENS } from '../screens.js';
import type {
  SupplierCreateBody,
  SupplierListQuery,
  SupplierUpdateBody,
  SUPPLIER_SORT,
  SUPPLIER_STATUSES,
} from '../schemas.js';
import {
  bankCodeExists,
  companyByTaxNo,
  companyExists,
  companySummary,
  existingCategoryCodes,
  findCompany,
  insertCompany,
  listCompanyCategories,
  listCompanySourcingGroups,
  listCompanyUsers,
  listCategoryOptions,
  listContacts,
  listSuppliers,
  lockCompany,
  nextCompNo,
  openStatusRequest,
  overviewCounts,
  replaceCategories,
  replaceContacts,
  replaceSourcingGroups,
  spendByMonth,
  updateCompany,
  type ContactValues,
} from './queries.js';
import { assertBindable } from '../../files/owners.js';

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

export interface CheckedInput {
  values: {
    compNameKr: string;
    compNameEn: string | null;
    corpNo: string | null;
    ceoName: string;
    bizType: string | null;
    bizItem: string | null;
    zipCode: string | null;
    address: string | null;
    phoneNo: string | null;
    faxNo: string | null;
    email: string | null;
    homepage: string | null;
    bankCode: string | null;
    bankHolder: string | null;
    forwardYn?: 'Y' | 'N';
    councilYn?: 'Y' | 'N';
    fileId: string | null;
  };
  /** undefined: keep the stored account (the masked value came back unchanged, or none was sent). */
  bankAccount: string | null | undefined;
  contacts: ContactValues[] | undefined;
  catCodes: string[] | undefined;
  sgCodes: string[] | undefined;
}

/** Checks the master's fields (names by bytes, numbers by check digit, codes against their masters); every problem at once. */
export async function checkSupplierInput(
  db: Db,
  b: SupplierInput,
  caller: { userId: string } | null = null,
  compNo: string | null = null,
): Promise<CheckedInput> {
  const errors: FieldError[] = [];
  const name = b.compNameKr.trim();
  if (!name) errors.push({ path: 'body/compNameKr', message: '업체명을 입력하세요' });
  else if (byteLength(name) > NAME_BYTES)
    errors.push({
      path: 'body/compNameKr',
      message: `업체명은 ${NAME_BYTES}바이트를 넘을 수 없습니다 (현재 ${byteLength(name)}바이트)`,
    });
  const ceo = b.ceoName.trim();
  if (!ceo) errors.push({ path: 'body/ceoName', message: '대표자명을 입력하세요' });
  else if (byteLength(ceo) > CEO_BYTES)
    errors.push({ path: 'body/ceoName', message: `대표자명은 ${CEO_BYTES}바이트를 넘을 수 없습니다` });
  const corp = text(b.corpNo);
  if (corp && !isValidCorporateNumber(corp))
    errors.push({ path: 'body/corpNo', message: '법인등록번호가 올바르지 않습니다 (13자리, 검증번호 확인)' });
  const email = text(b.email);
  if (email && !isEmail(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
  const bankCode = text(b.bankCode);
  if (bankCode && !(await bankCodeExists(db, bankCode)))
    errors.push({ path: 'body/bankCode', message: `등록되지 않은 은행 코드입니다: ${bankCode}` });
  let bankAccount: string | null | undefined;
  if (b.bankAccount === undefined || isMaskedBankAccount(b.bankAccount)) bankAccount = undefined;
  else {
    bankAccount = text(b.bankAccount);
    if (bankAccount && !/^[0-9][0-9-]{5,38}[0-9]$/.test(bankAccount))
      errors.push({ path: 'body/bankAccount', message: '계좌번호는 숫자와 하이픈만 쓸 수 있습니다' });
  }
  const contacts = b.contacts?.map((c, i) => {
    const cname = c.name.trim();
    if (!cname) errors.push({ path: `body/contacts/${i}/name`, message: '담당자 이름을 입력하세요' });
    const cmail = text(c.email);
    if (cmail && !isEmail(cmail))
      errors.push({ path: `body/contacts/${i}/email`, message: '이메일 형식이 올바르지 않습니다' });
    return {
      name: cname,
      deptName: text(c.deptName),
      positionNm: text(c.positionNm),
      phoneNo: text(c.phoneNo),
      cellPhoneNo: text(c.cellPhoneNo),
      email: cmail,
      mainYn: c.mainYn ?? ('N' as const),
    };
  });
  if (contacts && contacts.filter((c) => c.mainYn === 'Y').length > 1)
    errors.push({ path: 'body/contacts', message: '주 담당자는 한 명만 지정할 수 있습니다' });
  const catCodes = b.catCodes ? [...new Set(b.catCodes.map((c) => c.trim()).filter(Boolean))] : undefined;
  if (catCodes?.length) {
    const found = await existingCategoryCodes(db, catCodes);
    catCodes.forEach(
      (c, i) =>
        !found.has(c) && errors.push({ path: `body/catCodes/${i}`, message: `등록되지 않은 품목분류입니다: ${c}` }),
    );
  }
  const sgCodes = b.sgCodes ? [...new Set(b.sgCodes.map((c) => c.trim()).filter(Boolean))] : undefined;
  if (sgCodes?.length) {
    const found = await existingCodes(db, 'sourcingGroup', sgCodes);
    sgCodes.forEach(
      (c, i) =>
        !found.has(c) && errors.push({ path: `body/sgCodes/${i}`, message: `등록되지 않은 소싱그룹입니다: ${c}` }),
    );
  }
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, { docType: 'COMPANY', docNo: compNo });
  return {
    values: {
      compNameKr: name,
      compNameEn: text(b.compNameEn),
      corpNo: corp ? corp.replace(/-/g, '') : null,
      ceoName: ceo,
      bizType: text(b.bizType),
      bizItem: text(b.bizItem),
      zipCode: text(b.zipCode),
      address: text(b.address),
      phoneNo: text(b.phoneNo),
      faxNo: text(b.faxNo),
      email,
      homepage: text(b.homepage),
      bankCode,
      bankHolder: text(b.bankHolder),
      forwardYn: b.forwardYn,
      councilYn: b.councilYn,
      fileId: b.fileId ?? null,
    },
    bankAccount,
    contacts,
    catCodes,
    sgCodes,
  };
}

/** Writes contacts, categories and sourcing groups given in the body (each replaced whole). */
async function writeChildren(trx: Db, compNo: string, input: CheckedInput): Promise<void> {
  if (input.contacts) await replaceContacts(trx, compNo, input.contacts);
  if (input.catCodes) await replaceCategories(trx, compNo, input.catCodes);
  if (input.sgCodes) await replaceSourcingGroups(trx, compNo, input.sgCodes);
}

export async function searchSuppliers(db: Db, q: Static<typeof SupplierListQuery>) {
  const { rows, total, nextCursor, prevCursor } = await listSuppliers(
    db,
    {
      compNo: given(q.compNo),
      name: given(q.compNameKr),
      taxDigits: given(q.taxNo)?.replace(/-/g, ''),
      status: q.status as Array<(typeof SUPPLIER_STATUSES)[number]> | undefined,
      forwardYn: q.forwardYn,
      councilYn: q.councilYn,
      catCode: given(q.catCode),
      sgCode: given(q.sgCode),
      changeRequested: q.changeRequested === 'Y',
    },
    parseSort<(typeof SUPPLIER_SORT)[number]>(q.sort, { field: 'compNo', direction: 'asc' }),
    pageWindow(q),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      corpNo: r.corpNo ? formatCorporateNumber(r.corpNo) : null,
      userCount: Number(r.userCount ?? 0),
      openChangeReqNo: r.openChangeReqNo ?? null,
      updatedAt: iso(r.updatedAt)!,
    })),
    total,
    nextCursor,
    prevCursor,
  };
}

export async function supplierDetail(db: Db, compNo: string, caller: Caller | null) {
  const c = await findCompany(db, compNo);
  if (!c) throw notFoundSupplier();
  const [contacts, categories, groups, attachments, history, bankVisible, canWrite, canRequestStatus, openRequest] =
    await Promise.all([
      listContacts(db, compNo),
      listCompanyCategories(db, compNo),
      listCompanySourcingGroups(db, compNo),
      loadAttachments(db, c.fileId),
      loadHistory(db, 'company', compNo),
      mayViewBank(db, caller),
      caller?.portal === 'I'
        ? groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.edit], 'write')
        : Promise.resolve(false),
      caller?.portal === 'I'
        ? groupHoldsScreen(db, caller.authGroupId, [SUPPLIER_SCREENS.changeStatus], 'write')
        : Promise.resolve(false),
      openStatusRequest(db, compNo),
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

export async function listCategoryChoices(db: Db) {
  const rows = await listCategoryOptions(db);
  return { rows, total: rows.length };
}

/** Registers a supplier directly in the master, trading from today. */
export async function createSupplier(db: Db, b: Static<typeof SupplierCreateBody>, caller: Caller, now: Date) {
  const taxRaw = b.taxNo2.trim();
  if (!isValidBusinessNumber(taxRaw))
    failIf([{ path: 'body/taxNo2', message: '사업자등록번호가 올바르지 않습니다 (10자리, 검증번호 확인)' }]);
  const taxNo = taxRaw.replace(/-/g, '');
  const input = await checkSupplierInput(db, b, caller, null);
  const dup = await companyByTaxNo(db, taxNo);
  if (dup)
    throw refused('DUPLICATE_TAX_NO', `이미 등록된 사업자등록번호입니다: ${dup.compNameKr} (${dup.compNo})`, {
      compNo: dup.compNo,
    });
  const compNo = await db.transaction().execute(async (trx) => {
    const compNo = await nextCompNo(trx);
    const row = {
      compNo,
      taxNo,
      taxNo2: formatBusinessNumber(taxNo),
      ...input.values,
      bankAccount: input.bankAccount ?? null,
      status: 'ACTIVE' as const,
      regDate: todayKst(now),
      statusChangedAt: now,
    };
    await insertCompany(trx, row);
    await writeChildren(trx, compNo, input);
    await writeAudit(trx, {
      entity: 'company',
      entityKey: compNo,
      action: 'CREATE',
      actor: caller.userId,
      after: {
        ...row,
        bankAccount: maskBankAccount(row.bankAccount),
        contacts: input.contacts,
        catCodes: input.catCodes,
        sgCodes: input.sgCodes,
      },
    });
    return compNo;
  });
  return supplierDetail(db, compNo, caller);
}

/** Changes the master (not its status); a masked bank account sent back keeps the stored one. */
export async function updateSupplier(db: Db, compNo: string, b: Static<typeof SupplierUpdateBody>, caller: Caller) {
  const input = await checkSupplierInput(db, b, caller, compNo);
  if (input.bankAccount !== undefined && !(await mayViewBank(db, caller)))
    throw notAllowed('계좌번호를 변경할 권한이 없습니다');
  await db.transaction().execute(async (trx) => {
    const before = await lockCompany(trx, compNo);
    if (!before) throw notFoundSupplier();
    checkVersion(b.version, before.version);
    const set = {
      ...input.values,
      ...(input.bankAccount === undefined ? {} : { bankAccount: input.bankAccount }),
      updatedAt: new Date(),
      version: before.version + 1,
    };
    await updateCompany(trx, compNo, set);
    await writeChildren(trx, compNo, input);
    const changed = Object.fromEntries(
      Object.entries(input.values).filter(([k, v]) => v !== undefined && (before as Record<string, unknown>)[k] !== v),
    );
    if (input.bankAccount !== undefined && input.bankAccount !== before.bankAccount)
      changed.bankAccount = maskBankAccount(input.bankAccount);
    await writeAudit(trx, {
      entity: 'company',
      entityKey: compNo,
      action: 'UPDATE',
      actor: caller.userId,
      before: Object.fromEntries(
        Object.keys(changed).map((k) => [
          k,
          k === 'bankAccount' ? maskBankAccount(before.bankAccount) : (before as Record<string, unknown>)[k],
        ]),
      ),
      after: {
        ...changed,
        ...(input.contacts ? { contacts: input.contacts } : {}),
        ...(input.catCodes ? { catCodes: input.catCodes } : {}),
        ...(input.sgCodes ? { sgCodes: input.sgCodes } : {}),
      },
    });
  });
  return supplierDetail(db, compNo, caller);
}

/** One supplier at a glance (compStatusView), as metric/value rows. */
export async function supplierOverview(db: Db, compNo: string, now: Date) {
  const c = await companySummary(db, compNo);
  if (!c) throw notFoundSupplier();
  const since = todayKst(new Date(now.getTime() - 365 * 86_400_000));
  const n = await overviewCounts(db, compNo, since);
  const rows = [
    { metric: 'compName', value: `${c.compNameKr} (${c.compNo}, ${c.taxNo2})` },
    { metric: 'status', value: `${STATUS_TEXT[c.status] ?? c.status} (${c.status})` },
    { metric: 'statusReason', value: c.statusReason ?? '-' },
    { metric: 'forwardYn', value: c.forwardYn },
    { metric: 'openRfqs', value: String(n.rfqs) },
    { metric: 'openPos', value: String(n.pos) },
    {
      metric: 'onTimeRate',
      value:
        n.deliveries === 0 ? '-' : `${((n.onTime / n.deliveries) * 100).toFixed(1)}% (${n.onTime}/${n.deliveries})`,
    },
    { metric: 'disputes', value: String(n.disputes) },
    { metric: 'users', value: String(n.users) },
    // Evaluation grades arrive with the evaluation module; until then there is none to show.
    { metric: 'latestGrade', value: '-' },
  ];
  return { rows, total: rows.length };
}

/** Orders placed with a supplier by month over the last 12 months, in KRW (JPY at the current rate). */
export async function supplierSpend(db: Db, compNo: string, now: Date) {
  if (!(await companyExists(db, compNo))) throw notFoundSupplier();
  const today = todayKst(now);
  const months: string[] = [];
  const [y, m] = today.split('-').map(Number);
  for (let k = 11; k >= 0; k--) {
    const d = new Date(Date.UTC(y, m - 1 - k, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const rows = await spendByMonth(db, compNo, `${months[0]}-01`);
  const rate = await jpyRate(db);
  const out = months.map((month) => {
    const of = rows.filter((r) => r.month === month);
    const amount = of.reduce((a, r) => a + Number(toKrw(String(r.amount), r.currency, rate)), 0);
    return { month, amountKrw: Math.round(amount), poCount: of.reduce((a, r) => a + Number(r.n), 0) };
  });
  return { rows: out, total: out.length };
}

export async function supplierUsers(db: Db, compNo: string) {
  const rows = await listCompanyUsers(db, compNo);
  return {
    rows: rows.map(({ lockedAt, ...r }) => ({
      ...r,
      locked: lockedAt ? ('Y' as const) : ('N' as const),
      lastLoginAt: iso(r.lastLoginAt),
    })),
    total: rows.length,
  };
}
