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
  companyCouncil: CompanyCouncilTable;
  companyProspect: CompanyProspectTable;
  erpVendorApp: ErpVendorAppTable;
  companyCategory: CompanyCategoryTable;
  companySourcingGroup: CompanySourcingGroupTable;
  companyStatusRequest: CompanyStatusRequestTable;
}
