import type { ColumnType, Generated } from 'kysely';

/** Tables of the supplier lifecycle (migration 0040, docs/suppliers.md). */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type SupplierStatus = 'ACTIVE' | 'SUSPENDED' | 'CLOSED';

export interface CompanyCategoryTable {
  compNo: string;
  catCode: string;
}

export interface CompanySourcingGroupTable {
  compNo: string;
  sgCode: string;
}

export interface CompanyStatusRequestTable {
  reqNo: string;
  compNo: string;
  fromStatus: SupplierStatus;
  toStatus: SupplierStatus;
  reason: string;
  status: 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  fileId: string | null;
  requestedBy: string;
  requestedAt: GeneratedTimestamp;
  decidedBy: string | null;
  decidedAt: Timestamp | null;
  decisionComment: string | null;
  version: Generated<number>;
}

export interface ErpVendorAppTable {
  appNo: string;
  compNo: string;
  status: 'READY' | 'SENDING' | 'SENT' | 'FAILED';
  idempotencyKey: string;
  erpVendorNo: string | null;
  attempts: Generated<number>;
  lastError: string | null;
  httpStatus: number | null;
  remark: string | null;
  requestedBy: string;
  requestedAt: GeneratedTimestamp;
  sendingAt: Timestamp | null;
  sentAt: Timestamp | null;
  sentBy: string | null;
  version: Generated<number>;
}

export interface CompanyCouncilTable {
  councilId: Generated<number>;
  compNo: string;
  role: 'CHAIR' | 'VICE' | 'MEMBER';
  termFrom: string;
  termTo: string;
  remark: string | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface CompanyProspectTable {
  prospectNo: string;
  compName: string;
  taxNo: string | null;
  ceoName: string | null;
  contactName: string | null;
  email: string;
  phoneNo: string | null;
  items: string | null;
  status: 'FOUND' | 'INVITED' | 'DROPPED';
  foundBy: string;
  foundAt: GeneratedTimestamp;
  invitedAt: Timestamp | null;
  invitedBy: string | null;
  dropReason: string | null;
  version: Generated<number>;
}

export type ApplicationStatus = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'EXPIRED';
type YN = 'Y' | 'N';

/** Migration 0140: the public application wizard, its terms and the registration evaluation. */
export interface ApplyTermsTable {
  kind: 'TERMS' | 'PRIVACY';
  version: string;
  title: string;
  body: string;
  effectiveFrom: string;
}

export interface SupplierApplicationTable {
  receiptNo: string;
  applyType: 'NEW_COMPANY' | 'NEW_USER';
  secretHash: string;
  status: ColumnType<ApplicationStatus, ApplicationStatus | undefined, ApplicationStatus>;
  step: Generated<number>;
  termsVersion: string | null;
  privacyVersion: string | null;
  consentedAt: Timestamp | null;
  taxNo: string | null;
  corpNo: string | null;
  compNameKr: string | null;
  compNameEn: string | null;
  ceoName: string | null;
  zipCode: string | null;
  address: string | null;
  bizType: string | null;
  bizItem: string | null;
  phoneNo: string | null;
  bankCode: string | null;
  bankAccount: string | null;
  bankHolder: string | null;
  fileId: string | null;
  certSeq: number | null;
  bankbookSeq: number | null;
  compNo: string | null;
  userId: string | null;
  hname: string | null;
  userPhoneNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  passwordHash: string | null;
  otpHash: string | null;
  otpPhone: string | null;
  otpExpiresAt: Timestamp | null;
  otpAttempts: Generated<number>;
  phoneVerifiedAt: Timestamp | null;
  submittedAt: Timestamp | null;
  userDecision: ColumnType<'PENDING' | 'APPROVED' | 'REJECTED', 'PENDING' | 'APPROVED' | 'REJECTED' | undefined, 'PENDING' | 'APPROVED' | 'REJECTED'>;
  userDecidedBy: string | null;
  userDecidedAt: Timestamp | null;
  userComment: string | null;
  decidedAt: Timestamp | null;
  rejectReason: string | null;
  expiresAt: Timestamp;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface SupplierApplicationCategoryTable {
  receiptNo: string;
  catCode: string;
}

export interface RegistrationEvaluationTable {
  evalNo: string;
  receiptNo: string;
  status: ColumnType<'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED', 'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED' | undefined, 'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED'>;
  chkCert: ColumnType<YN, YN | undefined, YN>;
  chkBank: ColumnType<YN, YN | undefined, YN>;
  chkTax: ColumnType<YN, YN | undefined, YN>;
  chkCredit: ColumnType<YN, YN | undefined, YN>;
  chkQuality: ColumnType<YN, YN | undefined, YN>;
  score: number | null;
  passMark: Generated<number>;
  remark: string | null;
  failReason: string | null;
  evaluator: string | null;
  evaluatedAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

/** A supplier's request to change its bank account or registration data (migration 0150). */
export interface CompanyChangeRequestTable {
  reqNo: string;
  compNo: string;
  /** BANK, REGISTRATION or BANK,REGISTRATION */
  kinds: string;
  /** { field: { from, to } } as people see it (bank account masked). */
  changes: ColumnType<Record<string, { from: string | null; to: string | null }>, string, string>;
  /** The requested account in full, applied on approval; never answered. */
  bankAccount: string | null;
  reason: string;
  fileId: string;
  status: 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  requestedBy: string;
  requestedAt: GeneratedTimestamp;
  decidedBy: string | null;
  decidedAt: Timestamp | null;
  decisionComment: string | null;
  version: Generated<number>;
}

export interface SuppliersTables {
  companyChangeRequest: CompanyChangeRequestTable;
  applyTerms: ApplyTermsTable;
  supplierApplication: SupplierApplicationTable;
  supplierApplicationCategory: SupplierApplicationCategoryTable;
  registrationEvaluation: RegistrationEvaluationTable;
  companyCouncil: CompanyCouncilTable;
  companyProspect: CompanyProspectTable;
  erpVendorApp: ErpVendorAppTable;
  companyCategory: CompanyCategoryTable;
  companySourcingGroup: CompanySourcingGroupTable;
  companyStatusRequest: CompanyStatusRequestTable;
}
