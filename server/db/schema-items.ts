import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0060-items (docs/items.md); `Database` in schema.ts extends these. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DateStr = ColumnType<string, string, string>;
type Decimal = ColumnType<string, string | number, string | number>;
type Json = ColumnType<unknown, string, string>;
type YN = 'Y' | 'N';
type Currency = 'KRW' | 'JPY';

export interface UnitConversionTable {
  fromUnit: string;
  toUnit: string;
  factor: Decimal;
  version: Generated<number>;
}

export interface ItemAttributeTable {
  attrCode: string;
  nameKo: string;
  nameEn: string;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface ItemAttributeValueTable {
  attrCode: string;
  valueCode: string;
  nameKo: string;
  nameEn: string;
  sortOrder: Generated<number>;
  useYn: Generated<YN>;
  version: Generated<number>;
}

export interface ItemAttrTable {
  itemCode: string;
  attrCode: string;
  valueCode: string;
}

export interface ItemSupplierPriceTable {
  itemCode: string;
  compNo: string;
  unitPrice: Decimal;
  currency: Currency;
  effectiveDate: DateStr;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface ItemPriceHistoryTable {
  id: Generated<number>;
  itemCode: string;
  compNo: string;
  unitPrice: Decimal;
  currency: Currency;
  effectiveDate: DateStr;
  source: 'SEED' | 'PROPOSAL' | 'MANUAL';
  proposalNo: string | null;
  changedBy: string | null;
  changedAt: GeneratedTimestamp;
}

export type ProposalStatus = 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';

export interface ItemProposalTable {
  proposalNo: string;
  compNo: string;
  kind: 'NEW' | 'PRICE';
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  catCode: string | null;
  unitCode: string | null;
  maker: string | null;
  currentPrice: Decimal | null;
  proposedPrice: Decimal;
  currency: Currency;
  validFrom: DateStr;
  reason: string;
  fileId: string | null;
  status: ProposalStatus;
  effectiveDate: DateStr | null;
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Timestamp | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export type UploadStatus = 'RECEIVED' | 'PARSING' | 'CHECKED' | 'FAILED' | 'APPLYING' | 'APPLIED' | 'REPLACED';

export interface ItemUploadBatchTable {
  batchId: string;
  fileName: string;
  sizeBytes: number;
  status: UploadStatus;
  rowsTotal: Generated<number>;
  rowsRead: Generated<number>;
  rowsChecked: Generated<number>;
  countNew: Generated<number>;
  countUpdate: Generated<number>;
  countUnchanged: Generated<number>;
  countError: Generated<number>;
  failCode: string | null;
  failMessage: string | null;
  replaces: string | null;
  errorFileId: Generated<string | null>;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  checkedAt: Timestamp | null;
  appliedBy: string | null;
  appliedAt: Timestamp | null;
  version: Generated<number>;
}

export type UploadRowResult = 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR';

export interface ItemUploadRowTable {
  batchId: string;
  rowNo: number;
  result: UploadRowResult;
  itemCode: string | null;
  data: Json;
  errors: Json | null;
}

export interface ItemsTables {
  unitConversion: UnitConversionTable;
  itemAttribute: ItemAttributeTable;
  itemAttributeValue: ItemAttributeValueTable;
  itemAttr: ItemAttrTable;
  itemSupplierPrice: ItemSupplierPriceTable;
  itemPriceHistory: ItemPriceHistoryTable;
  itemProposal: ItemProposalTable;
  itemUploadBatch: ItemUploadBatchTable;
  itemUploadRow: ItemUploadRowTable;
}
