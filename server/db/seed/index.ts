import { sql } from 'kysely';
import { hashPassword } from '../../auth/password.js';
import type { Db } from '../connect.js';
import type { Database } from '../schema.generated.js';
import { DEMO_ACCOUNTS, DEMO_EMPLOYEES, DEMO_PASSWORD } from './accounts.js';
import { AUTH_GROUPS, buildMenuAuth } from './authority.js';
import { insertBoardPosts } from './boards.js';
import { buildCodes } from './codes.js';
import { buildItems } from './items.js';
import { buildCatalogueExtra, insertCatalogueExtra } from './catalogue-extra.js';
import { MENUS } from './menus.js';
import { buildMessages } from './messages.js';
import { buildOrders } from './orders.js';
import { MAX_SCALE, multiplyOrders, syncOrderSequences } from './orders-bulk.js';
import { insertAll } from './insert.js';
import { buildFulfilment, insertFulfilment } from './fulfilment.js';
import { seedAssets } from './assets.js';
import { buildOrganisation, SEED_CREATED_AT } from './organisation.js';
import { buildPurchasing, insertPurchasing, syncPurchasingSequences } from './purchasing.js';
import { rngFor } from './rng.js';
import { buildSuppliers } from './suppliers.js';
import { buildSupplierLifecycle, insertSupplierLifecycle } from './supplier-lifecycle.js';
import { insertChangeRequests } from './change-requests.js';
import { seedSupplierApplications } from './supplier-applications.js';
import { EVALUATION_TABLES, seedEvaluation } from './evaluation.js';
import { BUDGET_TABLES, seedBudgets } from './budget.js';
import { seedContracts } from './contracts.js';
import { proposeDemoLinkage, seedSubcontracting } from './subcontracting.js';

export { MAX_SCALE } from './orders-bulk.js';

/** Tables the seed writes, in foreign-key order; the returned counts use these names. */
const SEEDED_TABLES = [
  'businessSection',
  'department',
  'employee',
  'authGroup',
  'company',
  'companyContact',
  'appUser',
  'menu',
  'menuAuth',
  'codeGroup',
  'code',
  'message',
  'unit',
  'itemCategory',
  'sourcingGroup',
  'item',
  'poHeader',
  'poLine',
  'documentSequence',
  'approvalLine',
  'approvalLineStep',
  'approvalRule',
  'approval',
  'approvalStep',
  'prHeader',
  'prLine',
  'rfqHeader',
  'rfqLine',
  'quotation',
  'quotationLine',
  'loi',
  'poChange',
  'unitConversion',
  'itemAttribute',
  'itemAttributeValue',
  'itemAttr',
  'itemSupplierPrice',
  'itemPriceHistory',
  'itemProposal',
  'itemUploadBatch',
  'itemUploadRow',
  'fxRate',
  'delivery',
  'deliveryLine',
  'whReceipt',
  'whReceiptLine',
  'settlement',
  'settlementLine',
  'settlementAdjustment',
  'erpVoucher',
  'postingError',
  'assetRegistration',
  'asset',
  'assetTransfer',
  'assetCount',
  'assetCountLine',
  'companyCategory',
  'companySourcingGroup',
  'companyStatusRequest',
  'erpVendorApp',
  'boardPost',
  ...EVALUATION_TABLES,
  ...BUDGET_TABLES,
  'companyCategory',
  'companySourcingGroup',
  'companyStatusRequest',
  'erpVendorApp',
  'companyCouncil',
  'companyProspect',
  'econtractClause',
  'econtractTemplate',
  'subconRule',
  'linkageIndex',
  'linkageIndexValue',
  'agreement',
  'agreementLine',
  'agreementLinePrice',
  'agreementLinkage',
  'linkageProposal',
  'linkageProposalLine',
  'priceCoordination',
  'auditLog',
] as const satisfies ReadonlyArray<keyof Database>;

export interface SeedOptions {
  /** Multiplies the purchase orders (1 … MAX_SCALE); 50 gives over a million order lines. */
  scale?: number;
  log?: (msg: string) => void;
}

/** True once the demo seed has run: nothing else writes authority groups on an empty database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('authGroup').select('authGroupId').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes the whole demo company in one transaction and returns the row count of every table
 * it filled. Deterministic: the same scale always gives the same rows (except password salts).
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<Record<string, number>> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new Error(`seed scale must be a whole number from 1 to ${MAX_SCALE} (got ${scale})`);
  }
  const log = options.log ?? (() => {});
  const started = performance.now();
  const step = (what: string) => log(`seed: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  // Each part draws from its own stream, so changing one part leaves the others' rows unchanged.
  const org = buildOrganisation(rngFor(1));
  const suppliers = buildSuppliers(rngFor(2));
  const catalogue = buildItems(rngFor(3), { direct: org.buyersDirect, indirect: org.buyersIndirect });
  const orders = buildOrders(rngFor(4), {
    items: catalogue.items,
    sourcingGroups: catalogue.sourcingGroups,
    employees: org.employees,
    profiles: suppliers.profiles,
  });
  const purchasing = buildPurchasing(rngFor(5), {
    orders,
    items: catalogue.items,
    sourcingGroups: catalogue.sourcingGroups,
    employees: org.employees,
    companies: suppliers.companies,
    supplierUsers: suppliers.users,
  });
  const catalogueExtra = buildCatalogueExtra(rngFor(60), {
    items: catalogue.items,
    headers: orders.headers,
    lines: orders.lines,
    staffUserId: 'tfadmin',
  });
  const codes = buildCodes();
  const fulfilment = buildFulfilment({
    headers: orders.headers,
    lines: orders.lines,
    items: catalogue.items,
    employees: org.employees,
    demoSingleids: new Set(DEMO_EMPLOYEES.map((e) => e.singleid)),
    companies: suppliers.companies,
    supplierUsers: suppliers.users,
    codes: codes.codes,
  });
  // One argon2id hash for every account that logs in with the demo password: hashing each
  // one separately would cost about a minute.
  const demoHash = await hashPassword(DEMO_PASSWORD);
  step('data generated');

  const demoBySingleid = new Map(DEMO_EMPLOYEES.map((e) => [e.singleid, e.userId]));
  const demoAccount = new Map(DEMO_ACCOUNTS.map((a) => [a.userId, a]));
  const employeeUsers = org.employees.map((e) => {
    const demoUserId = demoBySingleid.get(e.singleid);
    const group = org.groupOf.get(e.singleid) ?? '30';
    if (demoUserId && demoAccount.get(demoUserId)?.authGroupId !== group) {
      throw new Error(`demo account ${demoUserId} would get group ${group}`);
    }
    return {
      userId: demoUserId ?? e.singleid,
      portal: 'I' as const,
      singleid: e.singleid,
      compNo: null,
      hname: e.hname,
      ename: e.ename,
      email: e.email,
      cellPhoneNo: e.cellPhoneNo,
      phoneNo: e.telNo,
      auth: null,
      authGroupId: group,
      useFlag: e.status === 'RETIRED' ? ('N' as const) : ('Y' as const),
      status: 'NORMAL',
      // Staff sign in through SSO; only the demo accounts have a password.
      passwordHash: demoUserId ? demoHash : null,
      passwordChangedAt: demoUserId ? SEED_CREATED_AT : null,
      passwordExpiresAt: null,
      createdAt: SEED_CREATED_AT,
      updatedAt: SEED_CREATED_AT,
    };
  });
  const supplierUsers = suppliers.users.map((u) => ({
    userId: u.userId,
    portal: 'X' as const,
    singleid: null,
    compNo: u.compNo,
    hname: u.hname,
    ename: u.ename,
    email: u.email,
    cellPhoneNo: u.cellPhoneNo,
    phoneNo: u.phoneNo,
    auth: null,
    authGroupId: u.authGroupId,
    status: 'NORMAL',
    passwordHash: demoHash,
    passwordChangedAt: SEED_CREATED_AT,
    passwordExpiresAt: null,
    createdAt: SEED_CREATED_AT,
    updatedAt: SEED_CREATED_AT,
  }));

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'businessSection', org.sections);
    await insertAll(trx, 'department', org.departments);
    await insertAll(trx, 'employee', org.employees);
    await insertAll(
      trx,
      'authGroup',
      AUTH_GROUPS.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })),
    );
    await insertAll(trx, 'company', suppliers.companies);
    await insertAll(trx, 'companyContact', suppliers.contacts);
    await insertAll(trx, 'appUser', [...employeeUsers, ...supplierUsers]);
    step('organisation, suppliers and accounts');
    await insertAll(
      trx,
      'menu',
      MENUS.map((m) => ({ ...m })),
    );
    await insertAll(trx, 'menuAuth', buildMenuAuth());
    await insertAll(trx, 'codeGroup', codes.groups);
    await insertAll(trx, 'code', codes.codes);
    await insertAll(
      trx,
      'message',
      buildMessages().map((m) => ({ ...m, updatedAt: SEED_CREATED_AT })),
    );
    await insertBoardPosts(trx);
    step('menus, authority, codes and messages');
    await insertAll(trx, 'unit', catalogue.units);
    await insertAll(trx, 'itemCategory', catalogue.categories);
    await insertAll(trx, 'sourcingGroup', catalogue.sourcingGroups);
    await insertAll(trx, 'item', catalogue.items);
    step('items');
    await insertPurchasing(trx, purchasing, async () => {
      await insertAll(trx, 'poHeader', orders.headers);
      await insertAll(trx, 'poLine', orders.lines);
    });
    step('purchase requests, quotations, orders, LOIs and approvals');
    await insertCatalogueExtra(trx, catalogueExtra);
    step("attributes, suppliers' prices, proposals and upload batches");
    if (scale > 1) {
      await multiplyOrders(trx, scale);
      step(`purchase orders × ${scale}`);
    }
    await syncOrderSequences(trx);
    await syncPurchasingSequences(trx);
    await insertFulfilment(trx, fulfilment);
    step('deliveries, receipts, settlements and postings');
    await seedAssets(trx);
    step('assets and inventory counts');
    await insertSupplierLifecycle(trx, buildSupplierLifecycle(rngFor(40), suppliers));
    step('supplier lifecycle');
    await insertChangeRequests(trx);
    step('supplier change requests');
    await seedSupplierApplications(trx, suppliers);
    step('supplier applications');
    await seedEvaluation(trx);
    step('supplier evaluation');
    await seedBudgets(trx);
    step('budgets');
    await seedContracts(trx);
    step('contract templates and clauses');
    await seedSubcontracting(trx, { items: catalogue.items, employees: org.employees });
    step('하도급: rule, 연동 indexes, agreements, 조정협의');
  });
  // The job's own function, which opens a transaction per agreement: after the seed's has committed.
  await proposeDemoLinkage(db);
  step('하도급: 연동 조정 제안');

  // Fresh statistics, or the first queries on a million-row table plan as if it were empty.
  await sql`analyze`.execute(db);
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  step('done');
  return counts;
}
