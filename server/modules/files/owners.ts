import { invalid } from '../../domain/errors.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { documentCompanyRows, documentHas, documentRowsHolding, fileGroupHead, linkTableCompanies } from './queries.js';

/**
 * Who owns a file group: the document that holds it. This registry is plain
 * data, one row per document type that keeps attachments: the table and its file column, the
 * document number, how to find the supplier company (a column, a link table listing the invited
 * companies, or none for internal documents) and the menu screens that open the document.
 *
 * To add a document type: one row here (table and column names in snake_case). A test checks that
 * every foreign key to file_group(file_id) in the database has a row, so a new attachment column
 * without one fails the suite.
 */
export type CompanyRule =
  /** Internal document: no supplier may see its files. */
  | { kind: 'none' }
  /** The document's own column names the company. */
  | { kind: 'column'; column: string }
  /**
   * Companies listed in another table (e.g. the suppliers invited to an RFQ). With `hiddenWhile`,
   * none while the document's `column` holds one of `values` (a tender's invitations exist while it
   * is a draft, but its documents reach the suppliers only once it is published).
   */
  | {
      kind: 'link';
      table: string;
      docColumn: string;
      compColumn: string;
      hiddenWhile?: { column: string; values: string[] };
    }
  /**
   * Published to every supplier when `column` holds `value` (a notice for the supplier portal):
   * any logged-in user may read those files; otherwise an internal document. Writing still takes
   * the menu's write authority.
   */
  | { kind: 'publishedWhen'; column: string; value: string };

export interface FileOwnerType {
  docType: string;
  table: string;
  /** Column holding the file group id. */
  fileColumn: string;
  /** Column holding the document number (its key for people). */
  keyColumn: string;
  company: CompanyRule;
  /** Screens (menu routes) that open the document, internal and external; read or write per the caller's authority. */
  screens: string[];
  /** Suppliers read the document's files but never add to or remove from them (the buyer's documents of a tender). */
  suppliersReadOnly?: boolean;
}

export const FILE_OWNER_TYPES: readonly FileOwnerType[] = Object.freeze([
  {
    docType: 'PR',
    table: 'pr_header',
    fileColumn: 'file_id',
    keyColumn: 'pr_no',
    company: { kind: 'none' },
    screens: ['/prList', '/prEdit', '/prConfirmList', '/prConfirmEdit'],
  },
  {
    docType: 'RFQ',
    table: 'rfq_header',
    fileColumn: 'file_id',
    keyColumn: 'rfq_no',
    company: { kind: 'link', table: 'quotation', docColumn: 'rfq_no', compColumn: 'comp_no' },
    screens: [
      '/prConfirmList',
      '/prConfirmEdit',
      '/OrderRequestList',
      '/OrderRequestEdit',
      '/prCheckList',
      '/prCheckEdit',
      '/prSubmitList',
      '/prSubmitEdit',
    ],
  },
  {
    // A sealed-bid tender's documents: the invited suppliers (their bid rows) read them; staff through the tender screens.
    docType: 'TENDER',
    table: 'tender',
    fileColumn: 'file_id',
    keyColumn: 'tender_no',
    // A draft's documents are the staff's: the suppliers it will invite read them once it is published.
    company: {
      kind: 'link',
      table: 'tender_bid',
      docColumn: 'tender_no',
      compColumn: 'comp_no',
      hiddenWhile: { column: 'status', values: ['DRAFT'] },
    },
    screens: ['/bid/tenderList', '/bid/tenderEdit', '/bid/tenderOpen', '/bid/tenderSubmit'],
    suppliersReadOnly: true,
  },
  {
    docType: 'QUOTATION',
    table: 'quotation',
    fileColumn: 'file_id',
    keyColumn: 'rfq_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: [
      '/prConfirmList',
      '/prConfirmEdit',
      '/OrderRequestList',
      '/OrderRequestEdit',
      '/prCheckList',
      '/prCheckEdit',
      '/prSubmitList',
      '/prSubmitEdit',
    ],
  },
  {
    docType: 'PO',
    table: 'po_header',
    fileColumn: 'file_id',
    keyColumn: 'po_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: [
      '/OrderRequestList',
      '/OrderRequestEdit',
      '/SimpleOrderList',
      '/SimpleOrderEdit',
      '/CyberOrderRequestList',
      '/CyberOrderRequestEdit',
    ],
  },
  {
    // A 하도급 order's recorded paper contract (docs/subcontracting.md): the order's screens, its supplier reads it.
    docType: 'PO_PAPER_CONTRACT',
    table: 'po_paper_contract',
    fileColumn: 'file_id',
    keyColumn: 'po_no',
    company: { kind: 'link', table: 'po_header', docColumn: 'po_no', compColumn: 'comp_no' },
    screens: ['/OrderRequestList', '/OrderRequestEdit', '/CyberOrderRequestList', '/CyberOrderRequestEdit'],
    suppliersReadOnly: true,
  },
  {
    docType: 'LOI',
    table: 'loi',
    fileColumn: 'file_id',
    keyColumn: 'loi_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: ['/LoiRequestList', '/LoiRequestEdit', '/CyberOrderRequestList', '/CyberOrderRequestEdit'],
  },
  {
    docType: 'DELIVERY',
    table: 'delivery',
    fileColumn: 'file_id',
    keyColumn: 'delivery_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: [
      '/deliverListAdmin',
      '/deliverEditAdmin',
      '/noneOrderViewAdmin',
      '/warehousingList',
      '/deliverInfo',
      '/deliverEdit',
      '/noneOrderView',
    ],
  },
  // Supplier master: registration certificate, bankbook copy; status change requests' evidence.
  {
    docType: 'COMPANY',
    table: 'company',
    fileColumn: 'file_id',
    keyColumn: 'comp_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: [
      '/CompManageList',
      '/CompManageEdit',
      '/compStatusList',
      '/compStatusView',
      '/compManage/CyberCompManageEdit',
    ],
  },
  {
    docType: 'COMPANY_CHANGE',
    table: 'company_change_request',
    fileColumn: 'file_id',
    keyColumn: 'req_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: ['/CompManageList', '/CompManageEdit', '/compManage/CyberCompManageEdit'],
  },
  {
    docType: 'COMPANY_STATUS',
    table: 'company_status_request',
    fileColumn: 'file_id',
    keyColumn: 'req_no',
    company: { kind: 'none' },
    screens: ['/compChangeStatusList', '/CompManageEdit'],
  },
  // Supplier applications: the registration certificate and bankbook copy of the public wizard, staff of the review screens only.
  {
    docType: 'SUPPLIER_APPLICATION',
    table: 'supplier_application',
    fileColumn: 'file_id',
    keyColumn: 'receipt_no',
    company: { kind: 'none' },
    screens: [
      '/portal/ogpmsManage/RegisterUser',
      '/compRegList',
      '/business/evaManage/compRegMngList',
      '/business/evaManage/compRegMngDetail',
    ],
  },
  // Items: an item's photo or spec sheet is the company's own; a supplier's price proposal is its company's.
  {
    docType: 'ITEM',
    table: 'item',
    fileColumn: 'file_id',
    keyColumn: 'item_code',
    company: { kind: 'none' },
    screens: ['/itemDetail', '/itemInsert'],
  },
  {
    docType: 'ITEM_PROPOSAL',
    table: 'item_proposal',
    fileColumn: 'file_id',
    keyColumn: 'proposal_no',
    company: { kind: 'column', column: 'comp_no' },
    screens: [
      '/itemProposalList',
      '/itemProposalDetail',
      '/itemManagement/ItemInfoEdit',
      '/itemManagement/upItemView',
      '/itemManagement/upItemDetail',
    ],
  },
  // The error workbook of an item upload batch: staff of the upload screens only.
  {
    docType: 'ITEM_UPLOAD_ERRORS',
    table: 'item_upload_batch',
    fileColumn: 'error_file_id',
    keyColumn: 'batch_id',
    company: { kind: 'none' },
    screens: ['/itemExcelUpList', '/itemExcelUpDetail'],
  },
  // The error workbook of a budget upload: staff of the budget screen only.
  {
    docType: 'BUDGET_UPLOAD_ERRORS',
    table: 'budget_upload_batch',
    fileColumn: 'error_file_id',
    keyColumn: 'batch_id',
    company: { kind: 'none' },
    screens: ['/budget/budgetManage'],
  },
  // The file a 연동 기준 지표 import read (docs/subcontracting.md "Values from a file"): the index keepers' — write on
  // the index screen is enough to send it, the import needs the same; the agreement screen imports too.
  {
    docType: 'LINKAGE_INDEX_IMPORT',
    table: 'linkage_index_import',
    fileColumn: 'file_id',
    keyColumn: 'import_no',
    company: { kind: 'none' },
    screens: ['/linkageIndexManage', '/AgreementEdit'],
  },
  // Boards: internal notices and FAQ; the supplier-portal notices are read by every supplier.
  {
    docType: 'BOARD_POST',
    table: 'board_post',
    fileColumn: 'file_id',
    keyColumn: 'post_id',
    company: { kind: 'publishedWhen', column: 'board', value: 'CYBER' },
    screens: ['/board/notice', '/board/faq', '/portal/ogpmsManage/notice'],
  },
]);

/** Every screen of a document type that keeps attachments: an upload needs write on one of them. */
export const ATTACHMENT_SCREENS: readonly string[] = Object.freeze([
  ...new Set(FILE_OWNER_TYPES.flatMap((t) => t.screens)),
]);

export const ownerTypeOf = (docType: string) => FILE_OWNER_TYPES.find((t) => t.docType === docType);

export interface FileGroupOwner {
  docType: string;
  docNo: string;
  /** Companies that may see the document (empty: internal only). */
  companies: string[];
}

/** Every document that holds this file group (usually one). */
export async function documentsHolding(db: Db, fileId: string): Promise<FileGroupOwner[]> {
  // One round trip over every registered table (each file column has an index, migration 0130).
  const rows = await documentRowsHolding(db, FILE_OWNER_TYPES, fileId);
  const found: FileGroupOwner[] = rows.map((r) => ({
    docType: r.docType,
    docNo: r.docNo,
    companies: r.compNo ? [r.compNo] : [],
  }));
  for (const owner of found) {
    const t = ownerTypeOf(owner.docType)!;
    if (t.company.kind === 'link') owner.companies = await linkedCompanies(db, t, owner.docNo);
  }
  return found;
}

/** The companies a `link` document names in its link table (none while `hiddenWhile` holds). */
async function linkedCompanies(db: Db, t: FileOwnerType, docNo: string): Promise<string[]> {
  if (t.company.kind !== 'link') return [];
  const hidden = t.company.hiddenWhile;
  if (hidden) {
    if (await documentHas(db, t, docNo, hidden.column, hidden.values)) return [];
  }
  return linkTableCompanies(db, t.company, docNo);
}

/**
 * May this caller make `doc` hold the group `fileId` (a document saved with an attachment): the
 * group is the document's already, or a group no other document holds that the caller uploaded
 * (or uploaded naming this document). A group of another document is refused — attaching it would
 * show that document's files to whoever reads this one (a tender's invited suppliers, another
 * company's quotation of the same RFQ: `doc.compNo` tells the company's own from the others').
 */
export async function mayBindGroup(
  db: Db,
  caller: { userId: string },
  fileId: string,
  doc: { docType: string; docNo: string | null; compNo?: string | null },
): Promise<boolean> {
  const group = await fileGroupHead(db, fileId);
  if (!group) return false;
  const holders = await documentsHolding(db, fileId);
  const sameDoc = (h: { docType: string | null; docNo: string | null }) =>
    h.docType === doc.docType && doc.docNo !== null && h.docNo === doc.docNo;
  const own = (h: FileGroupOwner) => sameDoc(h) && (!doc.compNo || h.companies.includes(doc.compNo));
  if (holders.some((h) => !own(h))) return false;
  if (holders.length > 0) return true;
  if (group.docType && group.docNo) return sameDoc(group) && group.createdBy === caller.userId;
  return group.createdBy !== null && group.createdBy === caller.userId;
}

/**
 * The attachment group a request gives a document (`fileId`), checked by mayBindGroup: the
 * document's own, or the caller's fresh upload. Anything else — unknown, another user's upload,
 * another document's or company's group — is the same 400 (nothing says whether it exists).
 */
export async function assertBindable(
  db: Db,
  caller: { userId: string } | null,
  path: string,
  fileId: string | null | undefined,
  doc: { docType: string; docNo: string | null; compNo?: string | null },
): Promise<void> {
  const error = await bindingError(db, caller, path, fileId, doc);
  if (error) throw invalid('VALIDATION', UNBINDABLE, [error]);
}

const UNBINDABLE = '첨부파일을 찾을 수 없습니다. 이 문서에 직접 올린 파일만 첨부할 수 있습니다';

/** assertBindable as a field error, for a check that reports every field of the body at once. */
export async function bindingError(
  db: Db,
  caller: { userId: string } | null,
  path: string,
  fileId: string | null | undefined,
  doc: { docType: string; docNo: string | null; compNo?: string | null },
): Promise<{ path: string; message: string } | null> {
  if (!fileId) return null;
  if (caller && (await mayBindGroup(db, caller, fileId, doc))) return null;
  return { path, message: UNBINDABLE };
}

/** A document named by type and number, with its companies; null when it does not exist. */
export async function findDocument(db: Db, docType: string, docNo: string): Promise<FileGroupOwner | null> {
  const t = ownerTypeOf(docType);
  if (!t) return null;
  const rows = await documentCompanyRows(db, t, docNo);
  if (rows.length === 0) return null;
  let companies = rows.map((r) => r.compNo).filter((c): c is string => !!c);
  if (t.company.kind === 'link') companies = await linkedCompanies(db, t, docNo);
  return { docType, docNo, companies };
}

/** May this caller read (or write) this document: a supplier only its own company's, everyone per menu authority. */
export async function mayUseDocument(
  db: Db,
  caller: Caller,
  owner: FileGroupOwner,
  level: 'read' | 'write',
): Promise<boolean> {
  const t = ownerTypeOf(owner.docType);
  if (!t) return false;
  if (level === 'read' && t.company.kind === 'publishedWhen' && (await isPublished(db, t, owner.docNo))) return true;
  if (caller.portal === 'X' && (!caller.compNo || !owner.companies.includes(caller.compNo))) return false;
  if (caller.portal === 'X' && level === 'write' && t.suppliersReadOnly) return false;
  return groupHoldsScreen(db, caller.authGroupId, t.screens, level);
}

/** A `publishedWhen` document whose column holds the published value. */
async function isPublished(db: Db, t: FileOwnerType, docNo: string): Promise<boolean> {
  if (t.company.kind !== 'publishedWhen') return false;
  return documentHas(db, t, docNo, t.company.column, [t.company.value]);
}

export interface GroupRow {
  fileId: string;
  createdBy: string | null;
  compNo: string | null;
  docType: string | null;
  docNo: string | null;
}

/**
 * The file-group check of every file operation. A group held by documents: the caller must be
 * allowed that level on one of them. A group no document holds yet (just uploaded, the document
 * not saved): only its uploader. Anything else answers as a missing group.
 */
export async function mayUseGroup(db: Db, caller: Caller, group: GroupRow, level: 'read' | 'write'): Promise<boolean> {
  const holders = await documentsHolding(db, group.fileId);
  if (holders.length === 0 && group.docType && group.docNo) {
    const named = await findDocument(db, group.docType, group.docNo);
    if (named) holders.push(named);
  }
  if (holders.length === 0) return group.createdBy !== null && group.createdBy === caller.userId;
  for (const h of holders) if (await mayUseDocument(db, caller, h, level)) return true;
  return false;
}
