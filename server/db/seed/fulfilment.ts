import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.generated.js';
import type { CodeRow } from './codes.js';
import { buildDeliveries, type DeliveryDraft, type SeedPo, type SeedPoLine } from './deliveries.js';
import { insertAll } from './insert.js';
import type { ItemRow } from './items.js';
import type { EmployeeRow } from './organisation.js';
import { buildReceipts, type Receipts } from './receipts.js';
import { rngFor } from './rng.js';
import { buildSettlements, type Settlements } from './settlements.js';
import type { CompanyRow, SupplierUser } from './suppliers.js';
import { buildVouchers } from './vouchers.js';

/**
 * Procure-to-pay after the order, for the demo company (docs/fulfilment.md "Seed"): deliveries,
 * receipts, monthly settlements with adjustments and JPY rates, ERP vouchers and posting errors,
 * all derived from the seeded orders (received ≤ delivered ≤ ordered on every line; settlements =
 * decided receipts × PO prices). Each document draws from its own random stream.
 */
export interface Fulfilment {
  deliveries: DeliveryDraft[];
  receipts: Receipts;
  settlements: Settlements;
  vouchers: ReturnType<typeof buildVouchers>;
}

export function buildFulfilment(input: {
  headers: readonly SeedPo[];
  lines: readonly SeedPoLine[];
  items: readonly ItemRow[];
  employees: readonly EmployeeRow[];
  demoSingleids: ReadonlySet<string>;
  companies: readonly CompanyRow[];
  supplierUsers: readonly SupplierUser[];
  codes: readonly CodeRow[];
}): Fulfilment {
  // A supplier's deliveries and answers are registered by its first user (supplier1 for C00001).
  const supplierUser = new Map<string, string>();
  for (const u of input.supplierUsers)
    if (!supplierUser.has(u.compNo) && u.authGroupId === '60') supplierUser.set(u.compNo, u.userId);
  for (const u of input.supplierUsers) if (!supplierUser.has(u.compNo)) supplierUser.set(u.compNo, u.userId);
  const active = input.companies.filter((c) => c.status === 'ACTIVE').map((c) => c.compNo);
  const deliveries = buildDeliveries(rngFor(11), {
    headers: input.headers,
    lines: input.lines,
    supplierUser,
    items: input.items,
    activeSuppliers: active,
  });
  const receipts = buildReceipts(rngFor(12), {
    deliveries,
    employees: input.employees,
    demoSingleids: input.demoSingleids,
  });
  const settlements = buildSettlements(rngFor(13), {
    receipts: receipts.receipts,
    lines: receipts.lines,
    supplierUser,
  });
  const companies = new Map(input.companies.map((c) => [c.compNo, { name: c.compNameKr, taxNo: c.taxNo2 }]));
  const vouchers = buildVouchers(rngFor(14), {
    settlements: settlements.settlements,
    lines: settlements.lines,
    companies,
    codes: input.codes,
  });
  return { deliveries, receipts, settlements, vouchers };
}

/** The document numbers continue after the highest seeded one of each prefix and year. */
function sequences(numbers: Iterable<string>): Array<{ prefix: string; period: string; lastValue: number }> {
  const max = new Map<string, number>();
  for (const no of numbers) {
    const m = /^([A-Z]+)(\d{4})-(\d{6})$/.exec(no);
    if (!m) throw new Error(`not a document number: ${no}`);
    const key = `${m[1]}|${m[2]}`;
    max.set(key, Math.max(max.get(key) ?? 0, Number(m[3])));
  }
  return [...max].map(([key, lastValue]) => {
    const [prefix, period] = key.split('|');
    return { prefix, period, lastValue };
  });
}

/** The fulfilment tables, snake_case, in the order they are filled. */
const TABLES = [
  'fx_rate',
  'delivery',
  'delivery_line',
  'wh_receipt',
  'wh_receipt_line',
  'settlement',
  'settlement_line',
  'settlement_adjustment',
  'erp_voucher',
  'posting_error',
];

/**
 * Loads the tables with their foreign keys set aside, then adds every key back, which checks all
 * rows in one set-based pass per key: row-by-row checks (a lookup and a row lock in the
 * referenced table for each of about 250,000 references) would cost most of the seed's time on
 * PGlite. Any broken reference still fails the seed, in the same transaction. Only the owner of
 * the tables runs this (the seed does, right after migrating).
 */
async function withForeignKeysCheckedAtTheEnd(trx: Kysely<Database>, load: () => Promise<void>): Promise<void> {
  const list = sql.join(TABLES.map((t) => sql.lit(t)));
  const { rows } = await sql<{ tableName: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${list})
    order by c.conrelid::regclass::text, c.conname`.execute(trx);
  for (const fk of rows)
    await sql`alter table ${sql.table(fk.tableName)} drop constraint ${sql.ref(fk.name)}`.execute(trx);
  await load();
  for (const fk of rows)
    await sql`alter table ${sql.table(fk.tableName)} add constraint ${sql.ref(fk.name)} ${sql.raw(fk.definition)}`.execute(
      trx,
    );
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Many rows in one statement each: the rows travel as one JSON text that PostgreSQL unpacks
 * (json_populate_recordset), about twice as fast on PGlite as binding thousands of parameters.
 * Rows are plain objects in camelCase, every row with the same keys.
 */
async function bulkInsert(
  trx: Kysely<Database>,
  table: string,
  rows: ReadonlyArray<object>,
  chunk = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const columns = sql.join(keys.map((k) => sql.id(snake(k))));
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(
      rows
        .slice(i, i + chunk)
        .map((r) => Object.fromEntries(keys.map((k) => [snake(k), (r as Record<string, unknown>)[k]]))),
    );
    await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      trx,
    );
  }
}

export async function insertFulfilment(trx: Kysely<Database>, f: Fulfilment): Promise<void> {
  await withForeignKeysCheckedAtTheEnd(trx, async () => {
    await bulkInsert(trx, 'fx_rate', f.settlements.fxRates);
    await bulkInsert(
      trx,
      'delivery',
      f.deliveries.map((d) => d.row),
    );
    await bulkInsert(
      trx,
      'delivery_line',
      f.deliveries.flatMap((d) => d.lines),
    );
    await bulkInsert(trx, 'wh_receipt', f.receipts.receipts);
    await bulkInsert(trx, 'wh_receipt_line', f.receipts.lines);
    await bulkInsert(trx, 'settlement', f.settlements.settlements);
    await bulkInsert(
      trx,
      'settlement_line',
      f.settlements.lines.map((l) => ({
        settleNo: l.settleNo,
        lineNo: l.lineNo,
        compNo: l.compNo,
        whReqNo: l.whReqNo,
        whLineNo: l.whLineNo,
        poNo: l.poNo,
        poLineNo: l.poLineNo,
        itemCode: l.itemCode,
        itemName: l.itemName,
        spec: l.spec,
        unitCode: l.unitCode,
        expenses: l.expenses,
        lastDeciDate: l.lastDeciDate,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        currency: l.currency,
        amount: l.amount,
        krwAmount: l.krwAmount,
      })),
    );
    await bulkInsert(trx, 'settlement_adjustment', f.settlements.adjustments);
    // The voucher payload is JSON text already; as an object it lands in the jsonb column as a document.
    await bulkInsert(
      trx,
      'erp_voucher',
      f.vouchers.vouchers.map((v) => ({ ...v, payload: JSON.parse(v.payload) as unknown })),
    );
    await bulkInsert(trx, 'posting_error', f.vouchers.errors);
  });
  await insertAll(
    trx,
    'documentSequence',
    sequences([
      ...f.deliveries.map((d) => d.row.deliveryNo),
      ...f.receipts.receipts.flatMap((r) => (r.whAppNo ? [r.whReqNo, r.whAppNo] : [r.whReqNo])),
      ...f.settlements.settlements.map((s) => s.settleNo),
      ...f.settlements.adjustments.map((a) => a.adjNo),
      ...f.vouchers.vouchers.map((v) => v.voucherNo),
    ]),
  );
}
