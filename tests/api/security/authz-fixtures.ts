import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { COMPANY_OWNED_TABLES } from '../../../server/db/company-scope.js';
import type { HeldMenu } from './authz-rules.js';

/** The supplier the external callers belong to, and the one whose data they must never reach. */
export const OWN_COMPANY = 'C00001';
export const OTHER_COMPANY = 'C00002';
const FAKE_UUID = '00000000-0000-4000-8000-000000000000';

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  pathParams: string[];
  requiredQuery: Array<{ name: string; schema: Record<string, unknown> }>;
  bodyType: 'json' | 'form' | 'multipart' | null;
}

export function loadOperations(): Operation[] {
  const file = path.resolve(import.meta.dirname, '../../../schemas/openapi.generated.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          parameters?: Array<{ in: string; name: string; required?: boolean; schema: Record<string, unknown> }>;
          requestBody?: { content: Record<string, unknown> };
        }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, o]) => {
      const content = Object.keys(o.requestBody?.content ?? {});
      return {
        operationId: o.operationId,
        method: method.toUpperCase(),
        path: p,
        pathParams: (o.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name),
        requiredQuery: (o.parameters ?? [])
          .filter((x) => x.in === 'query' && x.required)
          .map((x) => ({ name: x.name, schema: x.schema })),
        bodyType: content.includes('application/json')
          ? 'json'
          : content.includes('application/x-www-form-urlencoded')
            ? 'form'
            : content.includes('multipart/form-data')
              ? 'multipart'
              : null,
      };
    }),
  );
}

/** Every menu each group holds (active menus only), read from the seeded tables. */
export async function loadHeldMenus(db: Db): Promise<HeldMenu[]> {
  const rows = await db
    .selectFrom('menuAuth as a')
    .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
    .select(['a.authGroupId', 'm.sspUrl', 'm.sspSubUrls', 'a.canRead', 'a.canWrite'])
    .where('m.useYn', '=', 'Y')
    .execute();
  return rows.map((r) => ({
    authGroupId: r.authGroupId,
    sspUrl: r.sspUrl,
    sspSubUrls: r.sspSubUrls ?? [],
    canRead: r.canRead === 'Y',
    canWrite: r.canWrite === 'Y',
  }));
}

/** A path parameter's value for a caller acting on its own company's data, and on another's. */
export interface ParamValue {
  own: string;
  /** Only for parameters naming company-owned data: the other company's id. */
  other?: string;
}

const first = async (db: Db, query: string): Promise<Record<string, string | number | null> | undefined> => {
  const res = await sql<Record<string, string | number | null>>`${sql.raw(query)}`.execute(db);
  return res.rows[0];
};
const str = (v: unknown, fallback: string) => (v === null || v === undefined ? fallback : String(v));

/**
 * Real ids for every path parameter name: of OWN_COMPANY's documents (staff use them too) and,
 * where the parameter names company-owned data, of OTHER_COMPANY's. Parameters whose real value
 * would let an allowed caller break the run itself (menus, groups, sessions, the callers' own
 * accounts) get harmless values: their authorization is still checked, on a missing row.
 */
export async function loadParamValues(db: Db): Promise<Record<string, ParamValue>> {
  const byComp = async (table: string, key: string, extra = '') => {
    const own = await first(
      db,
      `select ${key} as v from ${table} where comp_no = '${OWN_COMPANY}' ${extra} order by 1 limit 1`,
    );
    const other = await first(
      db,
      `select ${key} as v from ${table} where comp_no = '${OTHER_COMPANY}' ${extra} order by 1 limit 1`,
    );
    return { own: str(own?.v, 'NONE-OWN'), other: str(other?.v, 'NONE-OTHER') };
  };
  const any = async (table: string, key: string) => ({
    own: str((await first(db, `select ${key} as v from ${table} order by 1 limit 1`))?.v, 'NONE'),
  });
  // An RFQ one company was invited to and the other was not.
  const rfqOf = async (comp: string, not: string) =>
    str(
      (
        await first(
          db,
          `select q.rfq_no as v from quotation q where q.comp_no = '${comp}' and not exists (select 1 from quotation o where o.rfq_no = q.rfq_no and o.comp_no = '${not}') order by 1 limit 1`,
        )
      )?.v,
      'NONE',
    );
  const itemOf = async (comp: string, not: string) =>
    str(
      (
        await first(
          db,
          `select p.item_code as v from item_supplier_price p where p.comp_no = '${comp}' and not exists (select 1 from item_supplier_price o where o.item_code = p.item_code and o.comp_no = '${not}') order by 1 limit 1`,
        )
      )?.v,
      'NONE',
    );
  const attr = await first(
    db,
    'select attr_code as a, value_code as v from item_attribute_value order by 1, 2 limit 1',
  );
  const fileOf = async (comp: string) =>
    str(
      (
        await first(
          db,
          `select g.file_id as v from file_group g join file_entry e on e.file_id = g.file_id where g.comp_no = '${comp}' order by 1 limit 1`,
        )
      )?.v,
      FAKE_UUID,
    );
  return {
    sessionId: { own: FAKE_UUID },
    // Accounts that are not among the callers: blocking them must not end the run.
    userId: { own: 'c00001u3', other: 'c00002u1' },
    code: { own: OWN_COMPANY, other: OTHER_COMPANY },
    compNo: { own: OWN_COMPANY, other: OTHER_COMPANY },
    catCode: await any('item_category', 'cat_code'),
    accountCode: await any('budget_account', 'account_code'),
    sgCode: await any('sourcing_group', 'sg_code'),
    attrCode: { own: str(attr?.a, 'NONE') },
    valueCode: { own: str(attr?.v, 'NONE') },
    unitCode: await any('unit', 'unit_code'),
    itemCode: { own: await itemOf(OWN_COMPANY, OTHER_COMPANY), other: await itemOf(OTHER_COMPANY, OWN_COMPANY) },
    proposalNo: await byComp('item_proposal', 'proposal_no'),
    batchId: await any('item_upload_batch', 'batch_id::text'),
    uploadId: { own: 'BU2026-000001' },
    fiscalYear: { own: '2026' },
    year: { own: '2026' },
    id: { own: await fileOf(OWN_COMPANY), other: await fileOf(OTHER_COMPANY) },
    seq: { own: '1' },
    groupId: await any('code_group', 'group_id'),
    msgKey: await any('message', 'msg_key'),
    ruleId: await any('approval_rule', 'rule_id'),
    lineId: await any('approval_line', 'line_id'),
    approvalId: await any('approval', 'approval_id'),
    delegationId: await any('approval_delegation', 'delegation_id'),
    prNo: await any('pr_header', 'pr_no'),
    transferNo: await any('budget_transfer', 'transfer_no'),
    rfqNo: { own: await rfqOf(OWN_COMPANY, OTHER_COMPANY), other: await rfqOf(OTHER_COMPANY, OWN_COMPANY) },
    // The demo data has no tenders (their invitations are tested in tests/api/bidding/): the ids answer 404.
    tenderNo: await byComp('tender_bid', 'tender_no'),
    // Nor auctions (tests/api/bidding/auctions.test.ts): 404 as well.
    auctionNo: await byComp('auction_participant', 'auction_no'),
    questionId: await byComp('rfq_question', 'question_id'),
    poNo: await byComp('po_header', 'po_no'),
    loiNo: await byComp('loi', 'loi_no'),
    // The demo data has no framework agreements (tests/api/purchase/agreement.test.ts): the ids answer 404.
    agreementNo: await byComp('agreement', 'agreement_no'),
    deliveryNo: await byComp('delivery', 'delivery_no'),
    whReqNo: await byComp('wh_receipt', 'wh_req_no'),
    // A receipt's first line (recordInspection).
    lineNo: { own: '1' },
    settleNo: await byComp('settlement', 'settle_no'),
    adjNo: await byComp('settlement_adjustment', 'adj_no'),
    // The demo data has no 감액 서면 (tests/api/fulfilment/subcon-payment.test.ts): the ids answer 404.
    reductionNo: await byComp('settlement_reduction', 'reduction_no'),
    // Nor 납품대금 조정협의 requests (tests/api/purchase/price-coordination.test.ts): 404 as well.
    coordinationNo: await byComp('price_coordination', 'coordination_no'),
    voucherNo: await byComp('erp_voucher', 'voucher_no'),
    // The demo data has no tax invoices (tests/api/tax-invoices/): the ids answer 404.
    mgtKey: await byComp('tax_invoice', 'mgt_key'),
    econtractNo: await byComp('econtract', 'contract_no'),
    templateNo: await any('econtract_template', 'template_no'),
    clauseCode: { own: 'AUTHZ_CLAUSE' },
    docKind: { own: 'draft' },
    format: { own: 'xml' },
    currency: { own: 'USD' },
    period: { own: '2026-10' },
    key: { own: 'authz-matrix' },
    assetNo: await any('asset', 'asset_no'),
    countNo: await any('asset_count', 'count_no'),
    reqNo: await byComp('company_status_request', 'req_no'),
    appNo: await byComp('erp_vendor_app', 'app_no'),
    councilId: await byComp('company_council', 'council_id'),
    prospectNo: await any('company_prospect', 'prospect_no'),
    periodId: await any('eva_period', 'period_id'),
    taskId: await any('eva_task', 'task_id'),
    totalId: await byComp('eva_total', 'total_id'),
    contractNo: await byComp('pur_contract', 'contract_no'),
    surveyId: await any('sat_survey', 'survey_id'),
    receiptNo: await any('supplier_application', 'receipt_no'),
    evalNo: await any('registration_evaluation', 'eval_no'),
    exportId: { own: FAKE_UUID },
    kind: { own: 'CERT' },
    // Menus and groups: a missing one, so no allowed caller changes the authority under test.
    pgmId: { own: 'AUTHZ_NONE' },
    authGroupId: { own: 'ZZ' },
    postId: await any('board_post', 'post_id'),
    sampleNo: { own: '1' },
    // Stored screens (studio): a missing one, so no allowed caller publishes or restores anything.
    name: { own: 'authzNone' },
    versionNo: { own: '1' },
  };
}

/**
 * Strings that must never appear in an answer to OWN_COMPANY's users: every other company's
 * number and name, and the single-column text keys (≥ 6 characters) of every company-owned row of
 * another company (a composite key's parts, such as an item code in item_supplier_price, are shared).
 */
export async function loadForeignMarkers(db: Db): Promise<Set<string>> {
  const markers = new Set<string>();
  const companies = await db
    .selectFrom('company')
    .select(['compNo', 'compNameKr'])
    .where('compNo', '<>', OWN_COMPANY)
    .execute();
  for (const c of companies) {
    markers.add(c.compNo);
    if (c.compNameKr && c.compNameKr.length >= 4) markers.add(c.compNameKr);
  }
  // Aliases without underscores: the CamelCasePlugin renames result columns.
  const keys = await sql<{ tbl: string; col: string }>`
    select k.table_name as tbl, k.column_name as col from information_schema.table_constraints c
    join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_name = c.table_name
    join information_schema.columns col on col.table_name = k.table_name and col.column_name = k.column_name
    where c.constraint_type = 'PRIMARY KEY' and c.table_schema = 'public' and col.data_type in ('character varying', 'text', 'character')
      and (select count(*) from information_schema.key_column_usage k2 where k2.constraint_name = c.constraint_name and k2.table_name = c.table_name) = 1`.execute(
    db,
  );
  for (const { tbl: table, col: column } of keys.rows) {
    const compColumn = COMPANY_OWNED_TABLES[table];
    if (!compColumn || column === compColumn) continue;
    const rows = await sql<{
      v: string;
    }>`select distinct ${sql.ref(column)}::text as v from ${sql.table(table)} where ${sql.ref(compColumn)} <> ${OWN_COMPANY}`.execute(
      db,
    );
    for (const r of rows.rows) if (r.v.length >= 6) markers.add(r.v);
  }
  return markers;
}

/** The foreign markers found in an answer: every string value, whole and split into words. */
export function foreignIn(body: string, markers: ReadonlySet<string>): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = body;
  }
  const found = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (markers.has(v)) found.add(v);
      for (const word of v.split(/[\s,;:()[\]"'/|]+/)) if (markers.has(word)) found.add(word);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(value);
  return [...found];
}

/** A digest of every row OTHER_COMPANY owns: unchanged by anything another company's users send. */
export async function otherCompanyDigest(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const [table, column] of Object.entries(COMPANY_OWNED_TABLES)) {
    const res = await sql<{
      d: string | null;
    }>`select md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(table)} t where ${sql.ref(column)} = ${OTHER_COMPANY}`.execute(
      db,
    );
    parts.push(`${table}:${res.rows[0]?.d ?? '-'}`);
  }
  return parts.join(',');
}
