import type { ColumnType, Generated } from 'kysely';
import type { OperationsTables } from './schema-operations.js';
import type { AssetsTables } from './schema-assets.js';
import type { SuppliersTables } from './schema-suppliers.js';
import type { PurchasingFinishTables } from './schema-purchasing-finish.js';
import type { EvaluationTables } from './schema-evaluation.js';
import type { ItemsTables } from './schema-items.js';
import type { PortalAdminTables } from './schema-portal-admin.js';
import type { NotificationTables } from './schema-notifications.js';
import type { SecurityTables } from './schema-security.js';

/**
 * Kysely's view of the database, in camelCase (CamelCasePlugin maps to the snake_case columns).
 * Keep in step with server/db/migrations: a test compares the two.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills by default (now()). */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateStr = ColumnType<string, string, string>;
type Decimal = ColumnType<string, string | number, string | number>;
type YN = 'Y' | 'N';

export interface BusinessSectionTable {
  topDept: string;
  sectionName: string;
  sectionNameEn: string;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
}

export interface DepartmentTable {
  deptcd: string;
  yyyymm: string;
  topDept: string;
  indept: string | null;
  deptnm: string;
  deptnmEn: string;
  compYn: Generated<YN>;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
}

export interface EmployeeTable {
  singleid: string;
  hname: string;
  ename: string;
  section: string;
  deptcd: string;
  position: string;
  positionNm: string;
  inDeptCode: string | null;
  site: string | null;
  telNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  appChk: Generated<YN>;
  status: Generated<string>;
  statusDt: DateStr | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface AuthGroupTable {
  authGroupId: string;
  nameKo: string;
  nameEn: string;
  portal: 'I' | 'X';
  description: string | null;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface CompanyTable {
  compNo: string;
  compNameKr: string;
  compNameEn: string | null;
  taxNo: string;
  taxNo2: string;
  ceoName: string;
  bizType: string | null;
  bizItem: string | null;
  zipCode: string | null;
  address: string | null;
  phoneNo: string | null;
  faxNo: string | null;
  email: string | null;
  homepage: string | null;
  bankCode: string | null;
  bankAccount: string | null;
  status: Generated<string>;
  forwardYn: Generated<YN>;
  councilYn: Generated<YN>;
  regDate: DateStr;
  /** Migration 0040 (suppliers): corporate registration number (13 digits), account holder, attachments, status reason. */
  corpNo: string | null;
  bankHolder: string | null;
  fileId: string | null;
  statusReason: string | null;
  statusChangedAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface CompanyContactTable {
  compNo: string;
  seq: number;
  name: string;
  deptName: string | null;
  positionNm: string | null;
  phoneNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  mainYn: Generated<YN>;
}

export interface AppUserTable {
  userId: string;
  portal: 'I' | 'X';
  singleid: string | null;
  compNo: string | null;
  hname: string;
  ename: string | null;
  email: string | null;
  cellPhoneNo: string | null;
  phoneNo: string | null;
  auth: string | null;
  authGroupId: string;
  useFlag: Generated<YN>;
  status: Generated<string>;
  passwordHash: string | null;
  passwordChangedAt: Timestamp | null;
  passwordExpiresAt: Timestamp | null;
  failedLoginCount: Generated<number>;
  lockedAt: Timestamp | null;
  lastLoginAt: Timestamp | null;
  lastLoginIp: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface UserSessionTable {
  sessionId: string;
  userId: string;
  portal: 'I' | 'X';
  ip: string | null;
  lastLoginIp: string | null;
  lastLoginDate: Timestamp | null;
  userAgent: string | null;
  refreshTokenHash: string | null;
  createdDate: GeneratedTimestamp;
  lastSeenAt: GeneratedTimestamp;
  expiredDate: Timestamp;
  endedAt: Timestamp | null;
  endReason: string | null;
  /** When the password was last re-entered in this session (PersonInfoLogin, migration 0150). */
  reauthAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  loginMethod: string | null;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  createdAt: GeneratedTimestamp;
}

export interface RefreshTokenTable {
  tokenHash: string;
  sessionId: string;
  issuedAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface OtpCodeTable {
  otpId: string;
  userId: string;
  purpose: 'LOGIN' | 'RESET' | 'PHONE';
  channel: 'SMS' | 'EMAIL';
  codeHash: string;
  destination: string;
  createdAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: Timestamp | null;
}

export interface DevOutboxTable {
  id: Generated<number>;
  recipient: string;
  channel: string;
  text: string;
  code: string | null;
  at: GeneratedTimestamp;
}

export interface MenuTable {
  pgmId: string;
  parentId: string | null;
  depth: number;
  pgmName: string;
  pgmNameEn: string;
  sspUrl: string | null;
  sspSubUrls: ColumnType<string[], string[] | undefined, string[]>;
  leaf: 'T' | 'F';
  portal: 'I' | 'X';
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface MenuAuthTable {
  authGroupId: string;
  pgmId: string;
  canRead: Generated<YN>;
  canWrite: Generated<YN>;
}

export interface MenuLogTable {
  id: Generated<number>;
  userId: string;
  pgmId: string | null;
  path: string;
  portal: 'I' | 'X';
  ip: string | null;
  at: GeneratedTimestamp;
}

export interface CodeGroupTable {
  groupId: string;
  nameKo: string;
  nameEn: string;
  description: string | null;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface CodeTable {
  groupId: string;
  code: string;
  textKo: string;
  textEn: string;
  attr1: string | null;
  attr2: string | null;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface MessageTable {
  msgKey: string;
  category: Generated<string>;
  textKo: string;
  textEn: string;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface UnitTable {
  unitCode: string;
  nameKo: string;
  nameEn: string;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface ItemCategoryTable {
  catCode: string;
  parentCode: string | null;
  depth: number;
  nameKo: string;
  nameEn: string;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface SourcingGroupTable {
  sgCode: string;
  sgLevel: '001' | '002' | '003' | '004';
  upCode: string | null;
  sgName: string;
  sgNameEn: string;
  buyerId: string | null;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface ItemTable {
  itemCode: string;
  itemName: string;
  itemNameEn: string | null;
  spec: string | null;
  catCode: string;
  sgCode: string;
  unitCode: string;
  refPrice: Decimal;
  currency: 'KRW' | 'JPY';
  maker: string | null;
  useYn: Generated<YN>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
  fileId: Generated<string | null>;
  updatedBy: Generated<string | null>;
}

export interface FileGroupTable {
  fileId: string;
  createdBy: string | null;
  createdAt: GeneratedTimestamp;
  /** The document holding the group (server/modules/files/owners.ts), once known. */
  docType: ColumnType<string | null, string | null | undefined, string | null>;
  docNo: ColumnType<string | null, string | null | undefined, string | null>;
  /** The uploader's company (supplier uploads); null for staff uploads. */
  compNo: ColumnType<string | null, string | null | undefined, string | null>;
  boundAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface FileEntryTable {
  fileId: string;
  seq: number;
  originalName: string;
  storedName: string;
  sizeBytes: number;
  mimeType: string;
  /** SHA-256 of the content, hex. */
  checksum: string;
  createdBy: string | null;
  createdAt: GeneratedTimestamp;
  deletedAt: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  entity: string;
  entityKey: string;
  action: string;
  actor: string | null;
  at: GeneratedTimestamp;
  beforeData: unknown | null;
  afterData: unknown | null;
  reason: string | null;
}

export interface DocumentSequenceTable {
  prefix: string;
  period: string;
  lastValue: number;
}

export interface PoHeaderTable {
  poNo: string;
  poType: 'PO' | 'SIMPLE';
  compNo: string;
  section: string;
  deptcd: string;
  buyerId: string;
  requesterId: string | null;
  prNo: string | null;
  title: string;
  currency: 'KRW' | 'JPY';
  totalAmount: Decimal;
  status: string;
  poDate: DateStr;
  dueDate: DateStr | null;
  forwardedAt: Timestamp | null;
  acknowledgedAt: Timestamp | null;
  cancelReason: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
  // 0020-purchasing
  approvalStatus: Generated<string>;
  approvalId: number | null;
  approvedAmount: Decimal | null;
  rfqNo: string | null;
  quoteNo: string | null;
  loiNo: string | null;
  fileId: string | null;
  remark: string | null;
  createdBy: string | null;
  sentBy: string | null;
  acknowledgedBy: string | null;
}

export interface PoLineTable {
  poNo: string;
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: Decimal;
  unitPrice: Decimal;
  amount: Decimal;
  deliveryDate: DateStr | null;
  deliveredQty: Generated<string>;
  receivedQty: Generated<string>;
}

/* Purchasing (0020-purchasing). */
export type DocType = 'PR' | 'PO' | 'LOI' | 'SIMPLE';

export interface ApprovalLineTable {
  lineId: Generated<number>;
  lineName: string;
  description: string | null;
  useYn: Generated<YN>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface ApprovalLineStepTable {
  lineId: number;
  stepNo: number;
  approverId: string;
}

export interface ApprovalRuleTable {
  ruleId: Generated<number>;
  docType: DocType;
  minAmount: Decimal;
  maxAmount: Decimal | null;
  lineId: number;
  description: string | null;
  useYn: Generated<YN>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface ApprovalTable {
  approvalId: Generated<number>;
  docType: DocType;
  docNo: string;
  ruleId: number | null;
  lineId: number | null;
  lineName: string;
  amountKrw: Decimal;
  status: 'PENDING' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  currentStep: number | null;
  submittedBy: string;
  submittedAt: GeneratedTimestamp;
  completedAt: Timestamp | null;
  version: Generated<number>;
}

export interface ApprovalStepTable {
  approvalId: number;
  stepNo: number;
  approverId: string;
  status: 'WAITING' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'SKIPPED';
  comment: string | null;
  actedAt: Timestamp | null;
  /** The approver whose turn it was when a deputy got the step (approval delegation, 0110). */
  onBehalfOf: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PrHeaderTable {
  prNo: string;
  prDate: DateStr;
  title: string;
  requesterId: string;
  section: string;
  deptcd: string;
  desiredDate: DateStr;
  purpose: string | null;
  currency: 'KRW' | 'JPY';
  totalAmount: Decimal;
  status: string;
  approvalStatus: Generated<string>;
  approvalId: number | null;
  buyerId: string | null;
  receivedAt: Timestamp | null;
  receivedBy: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  fileId: string | null;
  submittedAt: Timestamp | null;
  approvedAt: Timestamp | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface PrLineTable {
  prNo: string;
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: Decimal;
  estUnitPrice: Decimal;
  estAmount: Decimal;
  remark: string | null;
}

export interface RfqHeaderTable {
  rfqNo: string;
  prNo: string;
  title: string;
  buyerId: string;
  currency: 'KRW' | 'JPY';
  deadline: Timestamp;
  status: 'OPEN' | 'AWARDED' | 'CANCELLED';
  description: string | null;
  fileId: string | null;
  selectedCompNo: string | null;
  awardedAt: Timestamp | null;
  /** When the deadline job closed it to quotations (0110). */
  closedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelReason: string | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface RfqLineTable {
  rfqNo: string;
  lineNo: number;
  prLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: Decimal;
  deliveryDate: DateStr | null;
}

export interface QuotationTable {
  rfqNo: string;
  compNo: string;
  quoteNo: string | null;
  status: 'REQUESTED' | 'CHECKED' | 'SUBMITTED' | 'SELECTED' | 'NOT_SELECTED' | 'CANCELLED';
  currency: 'KRW' | 'JPY';
  totalAmount: Decimal | null;
  leadTimeDays: number | null;
  validUntil: DateStr | null;
  remark: string | null;
  fileId: string | null;
  revision: Generated<number>;
  invitedAt: GeneratedTimestamp;
  checkedAt: Timestamp | null;
  checkedBy: string | null;
  submittedAt: Timestamp | null;
  submittedBy: string | null;
  decidedAt: Timestamp | null;
  version: Generated<number>;
}

export interface QuotationLineTable {
  rfqNo: string;
  compNo: string;
  lineNo: number;
  unitPrice: Decimal;
  amount: Decimal;
  remark: string | null;
}

export interface LoiTable {
  loiNo: string;
  compNo: string;
  title: string;
  scope: string;
  currency: 'KRW' | 'JPY';
  amount: Decimal;
  validFrom: DateStr;
  validUntil: DateStr;
  status: 'DRAFT' | 'IN_APPROVAL' | 'ISSUED' | 'ACCEPTED' | 'EXPIRED' | 'CANCELLED';
  approvalStatus: Generated<string>;
  approvalId: number | null;
  buyerId: string;
  prNo: string | null;
  fileId: string | null;
  issuedAt: Timestamp | null;
  acceptedAt: Timestamp | null;
  acceptedBy: string | null;
  expiredAt: Timestamp | null;
  cancelReason: string | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface PoChangeTable {
  changeId: Generated<number>;
  poNo: string;
  changeSeq: number;
  field: string;
  lineNo: number | null;
  beforeValue: string | null;
  afterValue: string | null;
  reason: string;
  changedBy: string;
  changedAt: GeneratedTimestamp;
}

// 0030-fulfilment: deliveries, receipts, settlements, ERP postings, user preferences.
export type DeliveryStatus = 'REGISTERED' | 'RECEIVED' | 'CANCELLED';
export type WhStatus = 'REQUESTED' | 'APPROVED' | 'DECIDED' | 'CANCELLED';
export type WhApprovalStatus = 'NONE' | 'PENDING' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED';
export type SettleStatus = 'DRAFT' | 'CONFIRM_REQUESTED' | 'CONFIRMED' | 'DISPUTED' | 'POSTED' | 'POST_FAILED';
export type AdjustStatus = 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
export type VoucherStatus = 'READY' | 'SENT' | 'POSTED' | 'FAILED';

export interface FxRateTable {
  currency: 'JPY';
  period: string;
  rate: Decimal;
  perUnits: Generated<number>;
  updatedBy: string | null;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface DeliveryTable {
  deliveryNo: string;
  compNo: string;
  poNo: string | null;
  noPo: YN;
  status: DeliveryStatus;
  deliveryDate: DateStr;
  arrivalDate: DateStr | null;
  currency: 'KRW' | 'JPY';
  totalAmount: Decimal;
  delivererName: string | null;
  delivererPhone: string | null;
  vehicleNo: string | null;
  fileId: string | null;
  remark: string | null;
  cancelReason: string | null;
  registeredBy: string;
  receivedAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface DeliveryLineTable {
  deliveryNo: string;
  lineNo: number;
  compNo: string;
  poNo: string | null;
  poLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: Decimal;
  unitPrice: Decimal;
  amount: Decimal;
  remark: string | null;
  /** Not accepted by the receipt, and why (partial receipts, 0110); back on the order line's open quantity. */
  shortQty: Generated<string>;
  shortReason: ColumnType<'SHORT' | 'DAMAGED' | 'WRONG_ITEM' | null, 'SHORT' | 'DAMAGED' | 'WRONG_ITEM' | null | undefined, 'SHORT' | 'DAMAGED' | 'WRONG_ITEM' | null>;
  shortRemark: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WhReceiptTable {
  whReqNo: string;
  whAppNo: string | null;
  sourceSystem: string;
  externalRef: string | null;
  compNo: string;
  poNo: string;
  deliveryNo: string | null;
  section: string;
  deptcd: string;
  eprId: string | null;
  receiverId: string | null;
  expenses: string;
  status: WhStatus;
  approvalStatus: WhApprovalStatus;
  currency: 'KRW' | 'JPY';
  totalAmount: Decimal;
  whReqDate: DateStr;
  approvedAt: Timestamp | null;
  approverId: string | null;
  lastDeciDate: DateStr | null;
  decidedBy: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  remark: string | null;
  requestedBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface WhReceiptLineTable {
  whReqNo: string;
  lineNo: number;
  compNo: string;
  poNo: string;
  poLineNo: number;
  deliveryNo: string | null;
  deliveryLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: Decimal;
  unitPrice: Decimal;
  amount: Decimal;
  remark: string | null;
}

export interface SettlementTable {
  settleNo: string;
  compNo: string;
  period: string;
  status: SettleStatus;
  lineCount: Generated<number>;
  krwGoodsAmount: Decimal;
  jpyGoodsAmount: Decimal;
  jpyKrwAmount: Decimal;
  goodsAmount: Decimal;
  adjustmentAmount: Decimal;
  totalAmount: Decimal;
  jpyRate: Decimal | null;
  jpyRateSource: 'MONTHLY' | 'SYSTEM_CONST' | null;
  builtAt: GeneratedTimestamp;
  builtBy: string | null;
  confirmRequestedAt: Timestamp | null;
  confirmRequestedBy: string | null;
  confirmedAt: Timestamp | null;
  confirmedBy: string | null;
  disputedAt: Timestamp | null;
  disputedBy: string | null;
  disputeReason: string | null;
  postedAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface SettlementLineTable {
  settleNo: string;
  lineNo: number;
  compNo: string;
  whReqNo: string;
  whLineNo: number;
  poNo: string;
  poLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  expenses: string;
  lastDeciDate: DateStr;
  quantity: Decimal;
  unitPrice: Decimal;
  currency: 'KRW' | 'JPY';
  amount: Decimal;
  krwAmount: Decimal;
}

export interface SettlementAdjustmentTable {
  adjNo: string;
  settleNo: string;
  compNo: string;
  amount: Decimal;
  reason: string;
  status: AdjustStatus;
  requestedBy: string;
  requestedAt: GeneratedTimestamp;
  decidedBy: string | null;
  decidedAt: Timestamp | null;
  decisionComment: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface ErpVoucherTable {
  voucherNo: string;
  settleNo: string;
  compNo: string;
  period: string;
  currency: Generated<string>;
  amount: Decimal;
  idempotencyKey: string;
  status: VoucherStatus;
  attempts: Generated<number>;
  connector: string | null;
  erpDocNo: string | null;
  /** JSON text on insert (both drivers store the same), an object when read. */
  payload: ColumnType<unknown, string, string>;
  sentAt: Timestamp | null;
  postedAt: Timestamp | null;
  lastError: string | null;
  createdBy: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface PostingErrorTable {
  errorId: Generated<number>;
  voucherNo: string;
  settleNo: string;
  compNo: string;
  attempt: number;
  httpStatus: number | null;
  erpCode: string | null;
  message: string;
  status: 'FAILED' | 'RETRIED';
  occurredAt: GeneratedTimestamp;
  retriedAt: Timestamp | null;
  retriedBy: string | null;
}

export interface UserPrefTable {
  userId: string;
  prefKey: string;
  /** JSON text on insert, the parsed value when read. */
  value: ColumnType<unknown, string, string>;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface Database extends OperationsTables, AssetsTables, SuppliersTables, PurchasingFinishTables, EvaluationTables, ItemsTables, PortalAdminTables, NotificationTables, SecurityTables {
  businessSection: BusinessSectionTable;
  department: DepartmentTable;
  employee: EmployeeTable;
  authGroup: AuthGroupTable;
  company: CompanyTable;
  companyContact: CompanyContactTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  menu: MenuTable;
  menuAuth: MenuAuthTable;
  menuLog: MenuLogTable;
  codeGroup: CodeGroupTable;
  code: CodeTable;
  message: MessageTable;
  unit: UnitTable;
  itemCategory: ItemCategoryTable;
  sourcingGroup: SourcingGroupTable;
  item: ItemTable;
  fileGroup: FileGroupTable;
  fileEntry: FileEntryTable;
  auditLog: AuditLogTable;
  documentSequence: DocumentSequenceTable;
  poHeader: PoHeaderTable;
  poLine: PoLineTable;
  serverSecret: ServerSecretTable;
  refreshToken: RefreshTokenTable;
  otpCode: OtpCodeTable;
  devOutbox: DevOutboxTable;
  approvalLine: ApprovalLineTable;
  approvalLineStep: ApprovalLineStepTable;
  approvalRule: ApprovalRuleTable;
  approval: ApprovalTable;
  approvalStep: ApprovalStepTable;
  prHeader: PrHeaderTable;
  prLine: PrLineTable;
  rfqHeader: RfqHeaderTable;
  rfqLine: RfqLineTable;
  quotation: QuotationTable;
  quotationLine: QuotationLineTable;
  loi: LoiTable;
  poChange: PoChangeTable;
  fxRate: FxRateTable;
  delivery: DeliveryTable;
  deliveryLine: DeliveryLineTable;
  whReceipt: WhReceiptTable;
  whReceiptLine: WhReceiptLineTable;
  settlement: SettlementTable;
  settlementLine: SettlementLineTable;
  settlementAdjustment: SettlementAdjustmentTable;
  erpVoucher: ErpVoucherTable;
  postingError: PostingErrorTable;
  userPref: UserPrefTable;
}
