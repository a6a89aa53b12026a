import crypto from 'node:crypto';
import { formatBusinessNumber } from '../../../lib/business-number.js';
import { maskBankAccount } from '../../../lib/bank-account.js';
import { writeAudit } from '../../db/audit.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import type { Db } from '../../db/connect.js';
import type { Selectable } from 'kysely';
import type { SupplierApplicationTable } from '../../db/schema.generated.js';
import { PASSWORD_LIFETIME_DAYS } from '../../auth/password-policy.js';
import { refused, wrongState } from '../../domain/errors.js';
import { nextCompNo } from './master/queries.js';
import {
  applicationCategories,
  companyNamedByTaxNo,
  insertAppUser,
  insertCompany,
  insertCompanyCategories,
  insertCompanyContact,
  insertErpVendorApp,
  lockCompanyStatus,
  registrationEvaluationOf,
  updateApplication,
  userWithLoginId,
} from './queries.js';
import { notifyApplicant } from './apply-notify.js';

export type ApplicationRow = Selectable<SupplierApplicationTable>;

/** The authority group of a new company's first user (협력사관리자: it manages its company's later users). */
const FIRST_USER_GROUP = '61';
/** A user added to a registered company starts as a plain supplier user. */
const ADDED_USER_GROUP = '60';

/**
 * Called inside the transaction of every decision, with the application row locked: when every
 * decision the application needs is in (the user approved, and for a new company the registration
 * evaluation passed), it creates the company, its first user — the first moment a login can work —
 * and the ERP vendor application (READY, sent from /compGerpAppList), each with its audit row, and
 * records the result notice to the applicant (apply-notify.ts).
 * Answers the company number when it finished the application, else null.
 */
export async function finishIfDecided(trx: Db, app: ApplicationRow, actor: string, now: Date): Promise<string | null> {
  if (app.status !== 'SUBMITTED' || app.userDecision !== 'APPROVED') return null;
  if (!app.userId || !app.passwordHash || !app.hname) throw wrongState('신청서의 사용자 정보가 없습니다', app.status);
  const taken = await userWithLoginId(trx, app.userId.toLowerCase());
  if (taken)
    throw refused(
      'DUPLICATE_USER_ID',
      `이미 사용 중인 아이디입니다: ${app.userId} — 신청을 반려하고 다른 아이디로 다시 신청하게 하세요`,
    );

  let compNo: string;
  let group = ADDED_USER_GROUP;
  if (app.applyType === 'NEW_COMPANY') {
    const evaluation = await registrationEvaluationOf(trx, app.receiptNo);
    if (evaluation?.status !== 'PASSED') return null;
    const dup = await companyNamedByTaxNo(trx, app.taxNo!);
    // Staff see which company holds the number (the applicant was only told it is registered).
    if (dup)
      throw refused('DUPLICATE_TAX_NO', `이미 등록된 사업자등록번호입니다: ${dup.compNameKr} (${dup.compNo})`, {
        compNo: dup.compNo,
      });
    compNo = await nextCompNo(trx);
    group = FIRST_USER_GROUP;
    const company = {
      compNo,
      compNameKr: app.compNameKr!,
      compNameEn: app.compNameEn,
      taxNo: app.taxNo!,
      taxNo2: formatBusinessNumber(app.taxNo!),
      ceoName: app.ceoName!,
      bizType: app.bizType,
      bizItem: app.bizItem,
      zipCode: app.zipCode,
      address: app.address,
      phoneNo: app.phoneNo,
      email: app.email,
      bankCode: app.bankCode,
      bankAccount: app.bankAccount,
      bankHolder: app.bankHolder,
      corpNo: app.corpNo,
      fileId: app.fileId,
      status: 'ACTIVE' as const,
      regDate: todayKst(now),
      statusChangedAt: now,
    };
    await insertCompany(trx, company);
    const cats = await applicationCategories(trx, app.receiptNo);
    if (cats.length)
      await insertCompanyCategories(
        trx,
        cats.map((c) => ({ compNo, catCode: c.catCode })),
      );
    await insertCompanyContact(trx, {
      compNo,
      seq: 1,
      name: app.hname,
      phoneNo: app.userPhoneNo,
      cellPhoneNo: app.cellPhoneNo,
      email: app.email,
      mainYn: 'Y',
      deptName: null,
      positionNm: null,
    });
    await writeAudit(trx, {
      entity: 'company',
      entityKey: compNo,
      action: 'CREATE',
      actor,
      after: { ...company, bankAccount: maskBankAccount(company.bankAccount), receiptNo: app.receiptNo },
      reason: `등록신청 ${app.receiptNo} 승인`,
    });
    const appNo = await nextDocumentNumber(trx, 'GV', todayKst(now));
    const erp = {
      appNo,
      compNo,
      status: 'READY' as const,
      idempotencyKey: crypto.randomUUID(),
      remark: `등록신청 ${app.receiptNo}`,
      requestedBy: actor,
    };
    await insertErpVendorApp(trx, erp);
    await writeAudit(trx, { entity: 'erp_vendor_app', entityKey: appNo, action: 'CREATE', actor, after: erp });
  } else {
    const company = await lockCompanyStatus(trx, app.compNo!);
    if (!company || company.status !== 'ACTIVE')
      throw refused('SUPPLIER_NOT_ACTIVE', '거래 중인 협력사에만 사용자를 추가할 수 있습니다');
    compNo = company.compNo;
  }

  const user = {
    userId: app.userId,
    portal: 'X' as const,
    singleid: null,
    compNo,
    hname: app.hname,
    ename: null,
    email: app.email,
    cellPhoneNo: app.cellPhoneNo,
    phoneNo: app.userPhoneNo,
    auth: null,
    authGroupId: group,
    status: 'NORMAL',
    passwordHash: app.passwordHash,
    passwordChangedAt: now,
    passwordExpiresAt: new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86_400_000),
  };
  await insertAppUser(trx, user);
  const { passwordHash: _hidden, ...shown } = user;
  await writeAudit(trx, {
    entity: 'app_user',
    entityKey: app.userId,
    action: 'CREATE',
    actor,
    after: { ...shown, receiptNo: app.receiptNo },
  });
  // The hash now lives only on the user; the application keeps no copy.
  await updateApplication(trx, app.receiptNo, {
    status: 'APPROVED',
    compNo,
    passwordHash: null,
    decidedAt: now,
    updatedAt: now,
    version: app.version + 1,
  });
  await writeAudit(trx, {
    entity: 'supplier_application',
    entityKey: app.receiptNo,
    action: 'APPROVED',
    actor,
    after: { compNo, userId: app.userId },
  });
  await notifyApplicant(trx, { ...app, compNo }, true, null);
  return compNo;
}
