import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  DeleteQueryNode,
  IdentifierNode,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  ReferenceNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  ValueNode,
  WhereNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from './connect.js';
import { snakeName } from './lists/snake-compiler.js';
import { markSupplierQuery } from './supplier-role.js';

/**
 * Tables that belong to one supplier company, and the column that says which (snake_case: the
 * tree holds names as written in code, compared here by their snake_case (snake-compiler.ts)). A new supplier-owned table
 * is added here once and every query through a scoped Db is limited from then on.
 */
export const COMPANY_OWNED_TABLES: Readonly<Record<string, string>> = Object.freeze({
  company: 'comp_no',
  company_contact: 'comp_no',
  app_user: 'comp_no',
  po_header: 'comp_no',
  // Purchasing (0020): a supplier's quotation and its lines, and letters of intent.
  quotation: 'comp_no',
  quotation_line: 'comp_no',
  loi: 'comp_no',
  // Fulfilment (0030): deliveries, receipts, settlements and their postings, lines included.
  delivery: 'comp_no',
  delivery_line: 'comp_no',
  wh_receipt: 'comp_no',
  wh_receipt_line: 'comp_no',
  settlement: 'comp_no',
  settlement_line: 'comp_no',
  settlement_adjustment: 'comp_no',
  erp_voucher: 'comp_no',
  posting_error: 'comp_no',
  // Tax invoices (0600): a supplier's invoices, their lines, history and evidence files.
  tax_invoice: 'comp_no',
  tax_invoice_line: 'comp_no',
  tax_invoice_event: 'comp_no',
  tax_invoice_file: 'comp_no',
  // Suppliers (0040): what a supplier supplies, its status change requests.
  company_category: 'comp_no',
  company_sourcing_group: 'comp_no',
  company_status_request: 'comp_no',
  erp_vendor_app: 'comp_no',
  // Supplier self-service (0150): a supplier's change requests to its master data.
  company_change_request: 'comp_no',
  // Purchasing, finished (0110): a supplier's questions on a quotation request (shared answers are in rfq_notice, which names no company).
  rfq_question: 'comp_no',
  // Evaluation (0050): results and their lines, survey responses and answers.
  eva_total: 'comp_no',
  eva_total_line: 'comp_no',
  sat_response: 'comp_no',
  sat_answer: 'comp_no',
  // Items (0060): a supplier's current prices, their history and its proposals.
  item_supplier_price: 'comp_no',
  item_price_history: 'comp_no',
  item_proposal: 'comp_no',
  // Security (0090): a supplier's uploads; staff uploads (null) are invisible to suppliers, so a
  // supplier cannot attach another company's or an internal file group to its own document.
  file_group: 'comp_no',
  company_council: 'comp_no',
  // Supplier applications (0140): a new user's application for an existing company names it.
  supplier_application: 'comp_no',
  // Every other table with a comp_no (found from the catalogue when row-level security came, 0310):
  // a supplier's assets, its evaluation targets, tasks, measures and warnings, its purchase
  // contracts, and the reports' monthly summaries per supplier. No supplier operation reads them
  // today; listed so that the day one does, it reads its own rows only, as the policies do.
  asset: 'comp_no',
  eva_target: 'comp_no',
  eva_task: 'comp_no',
  eva_measure: 'comp_no',
  eva_warn_confirm: 'comp_no',
  pur_contract: 'comp_no',
  report_spend_month: 'comp_no',
  report_price_month: 'comp_no',
  // The spend cube's received and settled months (1010), as the other summaries.
  report_flow_month: 'comp_no',
  // Sealed-bid tenders (0440): a supplier's bid, its opened prices and the orders it was awarded.
  tender_bid: 'comp_no',
  tender_bid_line: 'comp_no',
  tender_award: 'comp_no',
  // Reverse auctions (0460): where a company stands in an auction, and its own bids.
  auction_participant: 'comp_no',
  auction_bid: 'comp_no',
  // Framework agreements (0670): an agreement with one supplier and its lines (ordered and remaining quantities).
  agreement: 'comp_no',
  agreement_line: 'comp_no',
  // Change orders (0680): the revisions of a company's orders, their terms and acknowledgements.
  po_revision: 'comp_no',
  // Electronic contracts (0700): the contract, the PDFs its signers were shown, its evidence log, its stamps.
  econtract: 'comp_no',
  econtract_document: 'comp_no',
  econtract_event: 'comp_no',
  econtract_stamp: 'comp_no',
  // 납품대금 연동 on e-contracts (1129): a contract's clause or 미연동 agreement, read by its supplier.
  econtract_linkage: 'comp_no',
  // Subcontracting payments (1120): a 감액 서면 put to a supplier, which it acknowledges.
  settlement_reduction: 'comp_no',
  // 납품대금 연동 (1121): an agreement's clause or 미연동 agreement, read by the agreement's supplier.
  agreement_linkage: 'comp_no',
  // Dated prices of an agreement's lines (1123), read by the agreement's supplier.
  agreement_line_price: 'comp_no',
  // 납품대금 연동 proposals and their lines (1124), read by the agreement's supplier.
  linkage_proposal: 'comp_no',
  linkage_proposal_line: 'comp_no',
  // 납품대금 연동 proposals on e-contracts and their lines (1135), read by the contract's supplier.
  contract_linkage_proposal: 'comp_no',
  contract_linkage_proposal_line: 'comp_no',
  // 납품대금 조정협의 (1127): a supplier's request to talk about an agreement's price, and its outcome.
  price_coordination: 'comp_no',
});

export class CompanyScopeViolation extends Error {
  constructor(table: string) {
    super(`write to ${table} for another company refused`);
    this.name = 'CompanyScopeViolation';
  }
}

function tableOf(node: OperationNode): { table: string; ref: string } | null {
  if (TableNode.is(node)) {
    const name = node.table.identifier.name;
    return { table: snakeName(name), ref: name };
  }
  if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
    return { table: snakeName(node.node.table.identifier.name), ref: node.alias.name };
  }
  return null;
}

/** `ref.column = value` compared by meaning, not by object identity or key order. */
function sameCondition(a: OperationNode, b: OperationNode): boolean {
  if (!BinaryOperationNode.is(a) || !BinaryOperationNode.is(b)) return false;
  const key = (n: BinaryOperationNode) => {
    const left = n.leftOperand;
    const right = n.rightOperand;
    if (!ReferenceNode.is(left) || !ColumnNode.is(left.column) || !ValueNode.is(right) || !OperatorNode.is(n.operator))
      return null;
    return `${left.table ? snakeName(left.table.table.identifier.name) : undefined}.${snakeName(left.column.column.name)}${n.operator.operator}${String(right.value)}`;
  };
  const ka = key(a);
  return ka !== null && ka === key(b);
}

/**
 * Rewrites every query so that rows of company-owned tables are those of one company:
 * FROM and UPDATE/DELETE targets get `ref.comp_no = $compNo` in WHERE, joined tables get it in
 * their ON clause (so an outer join keeps its meaning), and an INSERT naming another company
 * is refused. Subqueries are rewritten too, because the transformer walks the whole tree.
 */
class CompanyScopeTransformer extends OperationNodeTransformer {
  constructor(private readonly compNo: string) {
    super();
  }

  private condition(ref: string, column: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(column), TableNode.create(ref)),
      OperatorNode.create('='),
      ValueNode.create(this.compNo),
    );
  }

  private conditionsFor(items: ReadonlyArray<OperationNode>): OperationNode[] {
    const out: OperationNode[] = [];
    for (const item of items) {
      const t = tableOf(item);
      if (t && Object.hasOwn(COMPANY_OWNED_TABLES, t.table))
        out.push(this.condition(t.ref, COMPANY_OWNED_TABLES[t.table]));
    }
    return out;
  }

  /**
   * A subquery built through the scoped Db arrives already rewritten (Kysely applies plugins when
   * a builder becomes a node), so a condition is added only where it is not there yet.
   */
  private contains(tree: OperationNode | undefined, condition: OperationNode): boolean {
    if (!tree) return false;
    if (sameCondition(tree, condition)) return true;
    if (AndNode.is(tree)) return this.contains(tree.left, condition) || this.contains(tree.right, condition);
    if (WhereNode.is(tree)) return this.contains(tree.where, condition);
    if (OnNode.is(tree)) return this.contains(tree.on, condition);
    return false;
  }

  private withWhere<N extends { where?: WhereNode }>(node: N, conditions: OperationNode[]): N {
    let where = node.where;
    for (const c of conditions) {
      if (this.contains(where, c)) continue;
      where = where ? WhereNode.cloneWithOperation(where, 'And', c) : WhereNode.create(c);
    }
    if (where === node.where) return node;
    return { ...node, where };
  }

  private scopeJoins(joins: ReadonlyArray<JoinNode> | undefined): ReadonlyArray<JoinNode> | undefined {
    return joins?.map((join) => {
      const [c] = this.conditionsFor([join.table]);
      if (!c || this.contains(join.on, c)) return join;
      const on = join.on ? OnNode.create(AndNode.create(join.on.on, c)) : OnNode.create(c);
      return { ...join, on };
    });
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const inner = super.transformSelectQuery(node);
    const scoped = this.withWhere(inner, this.conditionsFor(inner.from?.froms ?? []));
    return { ...scoped, joins: this.scopeJoins(scoped.joins) };
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const inner = super.transformUpdateQuery(node);
    const targets = [...(inner.table ? [inner.table] : []), ...(inner.from?.froms ?? [])];
    return { ...this.withWhere(inner, this.conditionsFor(targets)), joins: this.scopeJoins(inner.joins) };
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const inner = super.transformDeleteQuery(node);
    return { ...this.withWhere(inner, this.conditionsFor(inner.from.froms)), joins: this.scopeJoins(inner.joins) };
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const inner = super.transformInsertQuery(node);
    const t = inner.into ? tableOf(inner.into) : null;
    if (!t || !Object.hasOwn(COMPANY_OWNED_TABLES, t.table)) return inner;
    const column = COMPANY_OWNED_TABLES[t.table];
    const index = inner.columns?.findIndex((c) => snakeName(c.column.name) === column) ?? -1;
    if (index < 0 || !inner.values || inner.values.kind !== 'ValuesNode') throw new CompanyScopeViolation(t.table);
    for (const row of (
      inner.values as unknown as { values: ReadonlyArray<OperationNode & { values: ReadonlyArray<unknown> }> }
    ).values) {
      const cell = row.values[index];
      const value =
        row.kind === 'PrimitiveValueListNode'
          ? cell
          : ValueNode.is(cell as OperationNode)
            ? (cell as ValueNode).value
            : undefined;
      if (value !== this.compNo) throw new CompanyScopeViolation(t.table);
    }
    return inner;
  }
}

class CompanyScopePlugin implements KyselyPlugin {
  private readonly transformer: CompanyScopeTransformer;
  constructor(private readonly compNo: string) {
    this.transformer = new CompanyScopeTransformer(compNo);
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // The second line: this statement runs as the supplier role with the company set, so
    // row-level security holds whatever the rewrite misses (a raw `sql` fragment, a subquery in it).
    markSupplierQuery(args.queryId, this.compNo);
    return this.transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The database as one supplier company may see it. Every route serving an external caller
 * queries through this (request.db does it for them), so no route can forget the filter.
 * Two layers: this plugin rewrites the queries it can read, and every statement it sees runs as
 * the `gpms_supplier` role with `app.comp_no` set (supplier-role.ts), under the row-level
 * security policies of migration 0310.
 */
export function scopeToCompany(db: Db, compNo: string): Db {
  return db.withPlugin(new CompanyScopePlugin(compNo));
}

/**
 * The same database or transaction without the company scope, for the statements the server makes
 * about a supplier rather than for it: the caller's authority (menu grants), its sessions and login
 * counters, a tender's sealing key, which documents hold a file. These tables are refused to the
 * supplier role (migration 0550), so such a statement must not run as it; a transaction stays the
 * same one (its statement runs as the owner, the next supplier statement switches back).
 */
export function asOwner<D extends Db>(db: D): D {
  const plugins = db.getExecutor().plugins;
  if (!plugins.some((p) => p instanceof CompanyScopePlugin)) return db;
  let owner = db.withoutPlugins() as D;
  for (const p of plugins) if (!(p instanceof CompanyScopePlugin)) owner = owner.withPlugin(p) as D;
  return owner;
}
