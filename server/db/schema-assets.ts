import type { ColumnType, Generated } from 'kysely';

/** Assets (0070-reports-assets): registrations from receipt lines, assets, transfers, inventory counts. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateStr = ColumnType<string, string, string>;
type Decimal = ColumnType<string, string | number, string | number>;

export type AssetStatus = 'IN_USE' | 'DISPOSED';
export type AssetCountStatus = 'OPEN' | 'CLOSED';
export type AssetCountResult = 'FOUND' | 'MISSING' | 'MOVED';

export interface AssetRegistrationTable {
  whReqNo: string;
  whLineNo: number;
  assetCount: number;
  registeredBy: string;
  registeredAt: GeneratedTimestamp;
}

export interface AssetTable {
  assetNo: string;
  assetName: string;
  itemCode: string | null;
  catCode: string | null;
  location: string;
  deptcd: string;
  custodianId: string | null;
  acquiredDate: DateStr;
  currency: 'KRW' | 'JPY';
  acquisitionCost: Decimal;
  status: AssetStatus;
  whReqNo: string;
  whLineNo: number;
  unitSeq: number;
  poNo: string;
  compNo: string;
  disposeReason: string | null;
  disposedAt: Timestamp | null;
  disposedBy: string | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface AssetTransferTable {
  transferId: Generated<string>;
  assetNo: string;
  fromDeptcd: string;
  toDeptcd: string;
  fromCustodianId: string | null;
  toCustodianId: string | null;
  fromLocation: string;
  toLocation: string;
  reason: string | null;
  transferredBy: string;
  transferredAt: GeneratedTimestamp;
}

export interface AssetCountTable {
  countNo: string;
  title: string;
  location: string;
  plannedDate: DateStr;
  status: AssetCountStatus;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  closedBy: string | null;
  closedAt: Timestamp | null;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface AssetCountLineTable {
  countNo: string;
  assetNo: string;
  result: AssetCountResult;
  foundLocation: string | null;
  remark: string | null;
  countedBy: string;
  countedAt: GeneratedTimestamp;
}

export interface AssetsTables {
  assetRegistration: AssetRegistrationTable;
  asset: AssetTable;
  assetTransfer: AssetTransferTable;
  assetCount: AssetCountTable;
  assetCountLine: AssetCountLineTable;
}
