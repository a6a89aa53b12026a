/**
 * The correcting voucher of a 수정세금계산서 whose settlement was already posted to the ERP: asked of the posting
 * module through its own command (fulfilment/posting/correction.ts; docs/contributing.md "Changing another
 * module's document"), asked once an amendment document is 전송 성공 (amendment-vouchers.ts), made and claimed in one transaction and sent after it.
 */
import type { Db } from '../../db/connect.js';
import type { ErpConnector } from '../fulfilment/posting/connector.js';
import { claimCorrection, sendCorrection, type ClaimedCorrection } from '../fulfilment/posting/correction.js';
import { AMEND_CASES, type AmendCode } from './amendment-cases.js';
import { amendmentAmounts } from './queries.js';

export interface Corrections {
  /** The correcting voucher for the amendment's documents `keys` of `original`, or null when its settlement is not posted. */
  claim(
    trx: Db,
    original: { settleNo: string; compNo: string; period: string; ntsConfirmNum: string | null },
    keys: string[],
    code: AmendCode,
    actor: string,
    now: Date,
  ): Promise<ClaimedCorrection | null>;
  send(db: Db, claimed: ClaimedCorrection, actor: string): Promise<{ ok: boolean }>;
}

export function correctionsThrough(connector: ErpConnector): Corrections {
  return {
    async claim(trx, original, keys, code, actor, now) {
      if (keys.length === 0) return null;
      const documents = await amendmentAmounts(trx, keys);
      return claimCorrection(
        trx,
        {
          settleNo: original.settleNo,
          compNo: original.compNo,
          period: original.period,
          amendMgtKey: keys[0]!,
          reason: AMEND_CASES[code].label,
          originalNtsConfirmNum: original.ntsConfirmNum,
          documents,
        },
        actor,
        now,
      );
    },
    send: (db, claimed, actor) => sendCorrection(db, { connector }, claimed, actor),
  };
}
