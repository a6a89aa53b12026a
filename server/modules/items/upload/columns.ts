/** The upload template's sheet and its 15 columns (docs/items.md), shared by the server and its worker. */
export const SHEET_NAME = '품목';

export const COLUMNS = [
  ['itemCode', '품목코드', '비우면 신규 품목 (코드는 자동 부여), 있으면 그 품목을 수정'],
  ['itemName', '품목명', '필수, 200자 이내'],
  ['itemNameEn', '영문 품목명', '200자 이내'],
  ['spec', '규격', '300자 이내'],
  ['catCode', '품목분류', '필수, 최하위 분류 코드'],
  ['sgCode', '소싱그룹', '필수, 4단계 소싱그룹 코드'],
  ['unitCode', '단위', '필수, 단위 코드 (EA, BOX …)'],
  ['refPrice', '기준단가', '필수, 0 이상 (KRW·JPY는 정수)'],
  ['currency', '통화', '필수, KRW 또는 JPY'],
  ['maker', '제조사', '100자 이내'],
  ['MATERIAL', '재질', '속성값 코드 (품목속성 화면)'],
  ['COLOR', '색상', '속성값 코드'],
  ['ORIGIN', '원산지', '속성값 코드'],
  ['priceDate', '단가기준일', 'YYYY-MM-DD'],
  ['useYn', '사용여부', 'Y 또는 N (비우면 Y)'],
] as const;

export type ColumnKey = (typeof COLUMNS)[number][0];
export const COLUMN_KEYS: readonly ColumnKey[] = COLUMNS.map((c) => c[0]);
export const ATTRIBUTE_COLUMNS = ['MATERIAL', 'COLOR', 'ORIGIN'] as const;
/** The column the error workbook adds; a re-upload of that workbook ignores it. */
export const ERROR_COLUMN = '오류내용';

/** A header cell "품목코드 (itemCode)", "itemCode" or "품목코드" → the column key ('' when unknown). */
export function headerKey(raw: string): string {
  const t = raw.trim();
  const inParens = /\(([A-Za-z]+)\)\s*$/.exec(t);
  if (inParens && (COLUMN_KEYS as readonly string[]).includes(inParens[1])) return inParens[1];
  if ((COLUMN_KEYS as readonly string[]).includes(t)) return t;
  const byLabel = COLUMNS.find((c) => c[1] === t);
  if (byLabel) return byLabel[0];
  if (t === ERROR_COLUMN) return ERROR_COLUMN;
  return t;
}

export const headerText = (key: ColumnKey) => `${COLUMNS.find((c) => c[0] === key)![1]} (${key})`;

export type ParsedCell = string;

export type WorkerMessage =
  | { type: 'header'; header: string[]; total: number }
  | { type: 'rows'; rows: Array<{ rowNo: number; cells: ParsedCell[] }> }
  | { type: 'done' }
  | { type: 'fail'; code: string; message: string };
