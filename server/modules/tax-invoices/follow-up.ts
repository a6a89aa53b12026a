/**
 * Invoices that follow the provider by themselves (docs/tax-invoices.md "Following the provider", issue 70
 * item 4). Before, an invoice's state and its evidence changed only when someone pressed 상태 확인; now the job
 * `taxInvoices.follow` does what that button does for every invoice still moving at the HTTP provider
 * (역발행요청, 발행, 국세청 전송) and for every transmitted one whose XML or PDF is not kept yet, each on a backoff
 * of its own. It also judges every issued invoice's transmission against its deadline — the day after the issue
 * (부가가치세법 §32③, 시행령 §68⑦), moved past non-business days (국세기본법 §5①) — and flags a late one once in its
 * history (`transmitLate`): a late transmission costs the issuer a penalty (부가가치세법 §60②3), and staff
 * should see it before the VAT return, not after.
 */
import type { Db } from '../../db/connect.js';
import type { Metrics } from '../../metrics/registry.js';
import { HttpError } from '../../http/errors.js';
import { transmitDeadline, type HolidayCalendar } from './deadlines.js';
import { loadHolidayCalendar } from './holidays.js';
import { insertEvent } from './queries.js';
import {
  invoiceFollowState,
  invoicesDueForFollow,
  invoicesToJudgeTransmission,
  saveFollow,
  saveTransmissionJudgement,
} from './queries-follow-up.js';
import { correctAcceptedAmendments } from './amendment-vouchers.js';
import { syncInvoice, type TaxInvoices } from './service.js';

/** How long until an invoice the provider answered for is looked at again. */
export const FOLLOW_EVERY_MS = 15 * 60_000;
/** The first wait after a failed look; it doubles with each failure in a row, up to FOLLOW_BACKOFF_MAX_MS. */
export const FOLLOW_BACKOFF_MS = 5 * 60_000;
const FOLLOW_BACKOFF_MAX_MS = 12 * 3600_000;
/** A transmitted invoice's evidence is asked for this many times (≈ 4 days with the backoff), then left to a person. */
const EVIDENCE_ATTEMPTS = 10;
/** Invoices one run looks at, each half (the rest are due at the next run). */
const BATCH = 200;
const ACTOR = 'system';

const kstDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

function backoffMs(failuresInARow: number): number {
  return Math.min(FOLLOW_BACKOFF_MS * 2 ** Math.max(0, failuresInARow - 1), FOLLOW_BACKOFF_MAX_MS);
}

export interface FollowSummary {
  checked: number;
  moved: number;
  failed: number;
  gaveUp: number;
  late: number;
  onTime: number;
  /** Correcting vouchers of accepted amendments sent to the ERP (taken, refused). */
  corrected: number;
  correctionFailed: number;
}

/** One run of the follow-up: the provider's half (HTTP provider only), then the deadline half (every provider). */
export async function followTaxInvoices(db: Db, ti: TaxInvoices, now: Date, metrics?: Metrics): Promise<FollowSummary> {
  const summary: FollowSummary = {
    checked: 0,
    moved: 0,
    failed: 0,
    gaveUp: 0,
    late: 0,
    onTime: 0,
    corrected: 0,
    correctionFailed: 0,
  };
  const count = (outcome: string) => metrics?.taxInvoiceFollow.inc({ outcome });
  // The file provider's state is what /cyber and staff recorded here already: nothing to follow there.
  if (ti.provider.kind === 'http') {
    for (const due of await invoicesDueForFollow(db, now, BATCH)) {
      const failures = due.attempts ?? 0;
      let error: string | null = null;
      try {
        await syncInvoice(db, ti, due.mgtKey, ACTOR);
      } catch (err) {
        // A provider's refusal or a network failure: syncInvoice kept it in the history (FAILED `sync`).
        if (!(err instanceof HttpError)) throw err;
        error = err.message;
      }
      const after = await invoiceFollowState(db, due.mgtKey);
      const evidenceMissing = after.status === 'NTS_SUCCESS' && Number(after.files) < 2;
      if (error === null && evidenceMissing) error = '보관할 세금계산서 파일(XML·PDF)을 대행사에서 받지 못했습니다';
      if (error === null) {
        summary.checked += 1;
        count('checked');
        if (after.status !== due.status) {
          summary.moved += 1;
          count('moved');
        }
        await saveFollow(db, {
          mgtKey: due.mgtKey,
          attempts: 0,
          nextCheckAt: new Date(now.getTime() + FOLLOW_EVERY_MS),
          lastCheckedAt: now,
          lastOutcome: 'OK',
          lastError: null,
          updatedAt: now,
        });
        continue;
      }
      const attempts = failures + 1;
      const gaveUp = evidenceMissing && attempts >= EVIDENCE_ATTEMPTS;
      summary[gaveUp ? 'gaveUp' : 'failed'] += 1;
      count(gaveUp ? 'gave_up' : 'failed');
      await saveFollow(db, {
        mgtKey: due.mgtKey,
        attempts,
        nextCheckAt: new Date(now.getTime() + backoffMs(attempts)),
        lastCheckedAt: now,
        lastOutcome: gaveUp ? 'GAVE_UP' : 'FAILED',
        lastError: error.slice(0, 1000),
        updatedAt: now,
      });
    }
  }
  // An amendment accepted before its settlement was posted (or whose voucher a crash left unmade) is corrected here.
  const corrected = await correctAcceptedAmendments(db, ti.corrections, ACTOR, now);
  summary.corrected = corrected.posted;
  summary.correctionFailed = corrected.failed;
  const judged = await judgeTransmissions(db, now, await loadHolidayCalendar(db));
  summary.late = judged.late;
  summary.onTime = judged.onTime;
  for (let i = 0; i < judged.late; i += 1) count('late');
  return summary;
}

const dayOf = (v: Date | string | null) => (v === null ? null : kstDay(new Date(v)));

/**
 * Each issued invoice's transmission against its deadline: on time when transmitted by the end of the day after
 * the issue (moved past non-business days), late when transmitted after it or still not transmitted once that
 * day has ended on the business clock. A late one gets one `transmitLate` event; a judged one is not read again.
 */
async function judgeTransmissions(
  db: Db,
  now: Date,
  calendar: HolidayCalendar,
): Promise<{ late: number; onTime: number }> {
  const today = kstDay(now);
  let late = 0;
  let onTime = 0;
  for (const inv of await invoicesToJudgeTransmission(db, BATCH)) {
    const issueDate = dayOf(inv.issuedAt)!;
    let deadline: string;
    try {
      deadline = transmitDeadline(issueDate, calendar);
    } catch (err) {
      // A year whose holidays are not entered (409 HOLIDAY_CALENDAR_MISSING): judged once an operator enters it.
      if (err instanceof HttpError) continue;
      throw err;
    }
    // The provider or the staff's record says when it went to the NTS; its result comes later or with it.
    const transmittedOn = dayOf(inv.sentAt ?? inv.ntsAt);
    const state =
      transmittedOn !== null ? (transmittedOn > deadline ? 'LATE' : 'ON_TIME') : today > deadline ? 'LATE' : null;
    await db.transaction().execute(async (trx) => {
      await saveTransmissionJudgement(
        trx,
        inv.mgtKey,
        { issueDate, transmitDeadline: deadline, transmittedOn, transmitState: state },
        now,
      );
      if (state !== 'LATE') return;
      await insertEvent(trx, {
        mgtKey: inv.mgtKey,
        compNo: inv.compNo,
        action: 'transmitLate',
        fromStatus: inv.status,
        toStatus: null,
        outcome: 'DONE',
        code: 'LATE',
        message:
          transmittedOn === null
            ? `국세청 전송 기한(${deadline})이 지났는데 아직 전송되지 않았습니다 (발급일 ${issueDate}, 부가가치세법 시행령 제68조제7항)`
            : `국세청 전송 기한(${deadline})보다 늦게 전송되었습니다: ${transmittedOn} (발급일 ${issueDate}, 부가가치세법 시행령 제68조제7항)`,
        actor: ACTOR,
      });
    });
    if (state === 'LATE') late += 1;
    if (state === 'ON_TIME') onTime += 1;
  }
  return { late, onTime };
}
