import type { Db } from '../../db/connect.js';
import { companyKoreanName } from './queries.js';
import { notifySupplierApplicationResult } from '../notifications/supplier.js';

/** What the result notice needs of an application row. */
export interface DecidedApplication {
  receiptNo: string;
  email: string | null;
  compNameKr: string | null;
  compNo: string | null;
}

/**
 * Tells the applicant the result of its application (template `supplier.application`), recorded in
 * the notification outbox inside the deciding transaction like the other supplier notices: it exists
 * exactly when the decision committed, and notify.deliver sends it. The applicant has no account yet
 * (or, approved, has just got one), so it goes to the e-mail address on the application, in Korean.
 * A new user of a registered company gave no company name: the master's is used. Answers the
 * notice's id, or null when the application has no address (a draft never reaches a decision).
 */
export async function notifyApplicant(
  trx: Db,
  app: DecidedApplication,
  approved: boolean,
  reason: string | null,
): Promise<number | null> {
  const email = app.email?.trim();
  if (!email) return null;
  let companyName = app.compNameKr;
  if (!companyName && app.compNo) companyName = await companyKoreanName(trx, app.compNo);
  return notifySupplierApplicationResult(trx, {
    applicationNo: app.receiptNo,
    email,
    companyName: companyName ?? app.receiptNo,
    approved,
    reason,
  });
}
