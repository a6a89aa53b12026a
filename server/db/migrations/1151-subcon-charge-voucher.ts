import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A third kind of ERP voucher (docs/subcontracting.md "Posting the interest and fee"): the 지연이자 (하도급법
 * §13⑧) and 어음 할인료 / 어음대체결제 수수료 (§13⑥⑦) a settlement's recorded payment owes, posted as a voucher of
 * their own because the settlement's voucher was made (and usually posted) before the payment.
 *
 * `erp_voucher.kind` names what a voucher is: the settlement's own (`SETTLEMENT`, one per settlement), a
 * 수정세금계산서's correction (`CORRECTION`, which names the voucher it corrects and its amendment document,
 * migration 1150) or the payment's charges (`SUBCON_CHARGE`, one per settlement: a settlement is paid once). The
 * default stays `SETTLEMENT` so the demo seed's rows, all of that kind, load as they are.
 */
const up_sql = `
alter table erp_voucher add column kind varchar(16) not null default 'SETTLEMENT'
  check (kind in ('SETTLEMENT','CORRECTION','SUBCON_CHARGE'));
update erp_voucher set kind = 'CORRECTION' where corrects_voucher_no is not null;
alter table erp_voucher add constraint erp_voucher_kind_correction
  check ((kind = 'CORRECTION') = (corrects_voucher_no is not null));
drop index erp_voucher_settlement_own;
create unique index erp_voucher_settlement_own on erp_voucher(settle_no) where kind = 'SETTLEMENT';
create unique index erp_voucher_subcon_charge_once on erp_voucher(settle_no) where kind = 'SUBCON_CHARGE';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
