import type { Insertable, Kysely } from 'kysely';
import type { Database, ItemProposalTable, ItemUploadBatchTable } from '../schema.generated.js';
import { insertAll } from './insert.js';
import type { ItemRow } from './items.js';
import type { PoHeaderRow, PoLineRow } from './orders.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';

/**
 * The catalogue beyond items (docs/items.md): unit conversions, attributes with their allowed
 * values and each item's values, suppliers' current prices and price history (taken from the
 * purchase orders: a supplier supplies what it was ordered, at the prices it was ordered at),
 * upload batches in every resting state and price proposals in every state from C00001 and
 * C00002.
 */

const ATTRIBUTES: ReadonlyArray<
  readonly [code: string, ko: string, en: string, values: ReadonlyArray<readonly [string, string, string]>]
> = [
  [
    'MATERIAL',
    '재질',
    'Material',
    [
      ['SUS304', '스테인리스 304', 'Stainless 304'],
      ['STEEL', '강철', 'Steel'],
      ['AL', '알루미늄', 'Aluminium'],
      ['PLASTIC', '플라스틱', 'Plastic'],
      ['RUBBER', '고무', 'Rubber'],
      ['PAPER', '종이', 'Paper'],
      ['ETC', '기타', 'Other'],
    ],
  ],
  [
    'COLOR',
    '색상',
    'Colour',
    [
      ['BLACK', '검정', 'Black'],
      ['WHITE', '흰색', 'White'],
      ['GRAY', '회색', 'Grey'],
      ['RED', '빨강', 'Red'],
      ['BLUE', '파랑', 'Blue'],
      ['NONE', '해당없음', 'None'],
    ],
  ],
  [
    'ORIGIN',
    '원산지',
    'Origin',
    [
      ['KR', '대한민국', 'Korea'],
      ['JP', '일본', 'Japan'],
      ['CN', '중국', 'China'],
      ['US', '미국', 'United States'],
      ['DE', '독일', 'Germany'],
      ['ETC', '기타', 'Other'],
    ],
  ],
  [
    'GRADE',
    '등급',
    'Grade',
    [
      ['STD', '일반', 'Standard'],
      ['PREMIUM', '고급', 'Premium'],
      ['KCS', 'KCs 인증', 'KCs certified'],
    ],
  ],
];

/** from, to, factor: 1 from = factor to. */
const UNIT_CONVERSIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['KG', 'G', '1000'],
  ['TON', 'KG', '1000'],
  ['L', 'ML', '1000'],
  ['DZ', 'EA', '12'],
  ['PR', 'EA', '2'],
  ['BOX', 'EA', '10'],
];

const PROPOSAL_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;

export interface CatalogueExtra {
  conversions: Array<{ fromUnit: string; toUnit: string; factor: string }>;
  attributes: Array<{ attrCode: string; nameKo: string; nameEn: string; sortOrder: number }>;
  values: Array<{ attrCode: string; valueCode: string; nameKo: string; nameEn: string; sortOrder: number }>;
  itemAttrs: Array<{ itemCode: string; attrCode: string; valueCode: string }>;
  prices: Array<{
    itemCode: string;
    compNo: string;
    unitPrice: string;
    currency: 'KRW' | 'JPY';
    effectiveDate: string;
    updatedAt: string;
  }>;
  history: Array<{
    itemCode: string;
    compNo: string;
    unitPrice: string;
    currency: 'KRW' | 'JPY';
    effectiveDate: string;
    source: 'SEED' | 'PROPOSAL';
    proposalNo: string | null;
    changedBy: string | null;
    changedAt: string;
  }>;
  proposals: Array<Insertable<ItemProposalTable>>;
  batches: Array<Insertable<ItemUploadBatchTable>>;
  uploadRows: Array<{
    batchId: string;
    rowNo: number;
    result: 'NEW' | 'UPDATE' | 'UNCHANGED' | 'ERROR';
    itemCode: string | null;
    data: string;
    errors: string | null;
  }>;
}

function materialOf(spec: string | null): string | null {
  if (!spec) return null;
  if (spec.includes('SUS')) return 'SUS304';
  if (/SCM|아연|강|철/.test(spec)) return 'STEEL';
  if (/알루미늄|AL/.test(spec)) return 'AL';
  return null;
}

export function buildCatalogueExtra(
  rng: Rng,
  input: { items: ItemRow[]; headers: PoHeaderRow[]; lines: PoLineRow[]; staffUserId: string },
): CatalogueExtra {
  const conversions = UNIT_CONVERSIONS.map(([fromUnit, toUnit, factor]) => ({ fromUnit, toUnit, factor }));
  const attributes = ATTRIBUTES.map(([attrCode, nameKo, nameEn], i) => ({
    attrCode,
    nameKo,
    nameEn,
    sortOrder: (i + 1) * 10,
  }));
  const values = ATTRIBUTES.flatMap(([attrCode, , , vs]) =>
    vs.map(([valueCode, nameKo, nameEn], i) => ({ attrCode, valueCode, nameKo, nameEn, sortOrder: (i + 1) * 10 })),
  );
  const itemAttrs: CatalogueExtra['itemAttrs'] = [];
  for (const item of input.items) {
    itemAttrs.push({
      itemCode: item.itemCode,
      attrCode: 'ORIGIN',
      valueCode:
        item.currency === 'JPY'
          ? 'JP'
          : rng.weighted([
              ['KR', 8],
              ['CN', 2],
              ['US', 1],
              ['DE', 1],
            ] as const),
    });
    const material = materialOf(item.spec);
    if (material) itemAttrs.push({ itemCode: item.itemCode, attrCode: 'MATERIAL', valueCode: material });
    if (item.spec?.includes('KCs')) itemAttrs.push({ itemCode: item.itemCode, attrCode: 'GRADE', valueCode: 'KCS' });
  }

  // Prices from the orders: every (item, supplier) pair ordered, its distinct prices by date.
  const headerOf = new Map(input.headers.map((h) => [h.poNo, h]));
  const itemOf = new Map(input.items.map((i) => [i.itemCode, i]));
  const points = new Map<string, Map<string, string>>();
  for (const l of input.lines) {
    const h = headerOf.get(l.poNo);
    if (!h || !l.itemCode || h.status === 'DRAFT') continue;
    const item = itemOf.get(l.itemCode);
    if (!item || item.currency !== h.currency) continue;
    const key = `${l.itemCode}|${h.compNo}`;
    const byDate = points.get(key) ?? new Map<string, string>();
    byDate.set(h.poDate, l.unitPrice);
    points.set(key, byDate);
  }
  const prices: CatalogueExtra['prices'] = [];
  const history: CatalogueExtra['history'] = [];
  for (const key of [...points.keys()].sort()) {
    const [itemCode, compNo] = key.split('|');
    const currency = itemOf.get(itemCode)!.currency;
    const dated = [...points.get(key)!.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(-4);
    for (const [date, price] of dated) {
      history.push({
        itemCode,
        compNo,
        unitPrice: price,
        currency,
        effectiveDate: date,
        source: 'SEED',
        proposalNo: null,
        changedBy: null,
        changedAt: kstTimestamp(date, 9),
      });
    }
    const [lastDate, lastPrice] = dated[dated.length - 1];
    prices.push({
      itemCode,
      compNo,
      unitPrice: lastPrice,
      currency,
      effectiveDate: lastDate,
      updatedAt: kstTimestamp(lastDate, 9),
    });
  }

  // Proposals: every state from each demo supplier, price changes on items it supplies and one new item each.
  const proposals: CatalogueExtra['proposals'] = [];
  let seq = 0;
  for (const compNo of ['C00001', 'C00002']) {
    const own = prices.filter((p) => p.compNo === compNo);
    if (own.length < PROPOSAL_STATUSES.length)
      throw new Error(`seed: ${compNo} supplies too few items for the proposals`);
    const picked = rng.shuffle(own).slice(0, PROPOSAL_STATUSES.length + 1);
    PROPOSAL_STATUSES.forEach((status, i) => {
      const p = picked[i];
      const item = itemOf.get(p.itemCode)!;
      const day = anchorDate(-40 + i * 7 + (compNo === 'C00002' ? 3 : 0));
      const up = 1 + rng.int(3, 12) / 100;
      const proposed = Math.round(Number(p.unitPrice) * up).toFixed(2);
      const proposalNo = `IP${day.slice(0, 4)}-${pad(++seq, 6)}`;
      const reviewed = status === 'APPROVED' || status === 'REJECTED';
      const effectiveDate = status === 'APPROVED' ? addDays(day, 10) : null;
      proposals.push({
        proposalNo,
        compNo,
        kind: 'PRICE',
        itemCode: item.itemCode,
        itemName: item.itemName,
        spec: item.spec,
        catCode: item.catCode,
        unitCode: item.unitCode,
        maker: item.maker,
        currentPrice: p.unitPrice,
        proposedPrice: proposed,
        currency: p.currency,
        validFrom: addDays(day, 10),
        reason: ['원자재 가격 상승', '환율 변동', '물류비 인상', '인건비 상승'][i],
        fileId: null,
        status,
        effectiveDate,
        rejectReason: status === 'REJECTED' ? '시장 단가 대비 인상 폭이 큽니다' : null,
        reviewedBy: reviewed ? input.staffUserId : null,
        reviewedAt: reviewed ? kstTimestamp(addDays(day, 3), 14) : null,
        createdBy: compNo === 'C00001' ? 'supplier1' : 'supplier2',
        createdAt: kstTimestamp(day, 10),
        updatedAt: kstTimestamp(reviewed ? addDays(day, 3) : day, 14),
        version: status === 'SUBMITTED' ? 1 : 2,
      });
      if (status === 'APPROVED') {
        // The approved change is the supplier's current price and the newest point of its history.
        p.unitPrice = proposed;
        p.effectiveDate = effectiveDate!;
        p.updatedAt = kstTimestamp(addDays(day, 3), 14);
        history.push({
          itemCode: p.itemCode,
          compNo,
          unitPrice: proposed,
          currency: p.currency,
          effectiveDate: effectiveDate!,
          source: 'PROPOSAL',
          proposalNo,
          changedBy: input.staffUserId,
          changedAt: kstTimestamp(addDays(day, 3), 14),
        });
      }
    });
    const base = itemOf.get(picked[PROPOSAL_STATUSES.length].itemCode)!;
    const day = anchorDate(-5 + (compNo === 'C00002' ? 1 : 0));
    proposals.push({
      proposalNo: `IP${day.slice(0, 4)}-${pad(++seq, 6)}`,
      compNo,
      kind: 'NEW',
      itemCode: null,
      itemName: `${base.itemName} (신형)`,
      spec: base.spec,
      catCode: base.catCode,
      unitCode: base.unitCode,
      maker: base.maker,
      currentPrice: null,
      proposedPrice: base.refPrice,
      currency: base.currency,
      validFrom: addDays(day, 14),
      reason: '신규 모델 출시에 따른 품목 등록 제안',
      fileId: null,
      status: 'SUBMITTED',
      effectiveDate: null,
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
      createdBy: compNo === 'C00001' ? 'supplier1' : 'supplier2',
      createdAt: kstTimestamp(day, 11),
      updatedAt: kstTimestamp(day, 11),
      version: 1,
    });
  }

  // Upload batches in every resting state; the transient ones (RECEIVED, PARSING, APPLYING) exist only while a worker runs.
  const batches: CatalogueExtra['batches'] = [];
  const uploadRows: CatalogueExtra['uploadRows'] = [];
  const sample = input.items.slice(0, 6);
  const rowData = (i: ItemRow, over: Record<string, string> = {}) => ({
    itemCode: i.itemCode,
    itemName: i.itemName,
    itemNameEn: i.itemNameEn ?? '',
    spec: i.spec ?? '',
    catCode: i.catCode,
    sgCode: i.sgCode,
    unitCode: i.unitCode,
    refPrice: i.refPrice,
    currency: i.currency,
    maker: i.maker ?? '',
    MATERIAL: '',
    COLOR: '',
    ORIGIN: '',
    priceDate: '',
    useYn: 'Y',
    ...over,
  });
  const batch = (
    n: number,
    status: ItemUploadBatchTable['status'] & string,
    fileName: string,
    day: number,
    counts: Record<string, number>,
    extra: Record<string, unknown> = {},
  ) => {
    const batchId = `IU${anchorDate(day).slice(0, 4)}-${pad(n, 6)}`;
    const created = kstTimestamp(anchorDate(day), 10);
    const rows =
      (counts.countNew ?? 0) + (counts.countUpdate ?? 0) + (counts.countUnchanged ?? 0) + (counts.countError ?? 0);
    batches.push({
      batchId,
      fileName,
      sizeBytes: 9000 + n * 517,
      status,
      rowsTotal: rows,
      rowsRead: rows,
      rowsChecked: rows,
      countNew: 0,
      countUpdate: 0,
      countUnchanged: 0,
      countError: 0,
      ...counts,
      failCode: null,
      failMessage: null,
      replaces: null,
      createdBy: input.staffUserId,
      createdAt: created,
      checkedAt: status === 'FAILED' ? null : created,
      appliedBy: null,
      appliedAt: null,
      version: 1,
      ...extra,
    });
    return batchId;
  };
  const applied = batch(
    1,
    'APPLIED',
    '품목등록_2026-10.xlsx',
    -30,
    { countUpdate: 2, countUnchanged: 2 },
    { appliedBy: input.staffUserId, appliedAt: kstTimestamp(anchorDate(-30), 11), version: 2 },
  );
  sample.slice(0, 2).forEach((i, k) =>
    uploadRows.push({
      batchId: applied,
      rowNo: k + 2,
      result: 'UPDATE',
      itemCode: i.itemCode,
      data: JSON.stringify(rowData(i, { maker: `${i.maker ?? ''}` })),
      errors: null,
    }),
  );
  sample.slice(2, 4).forEach((i, k) =>
    uploadRows.push({
      batchId: applied,
      rowNo: k + 4,
      result: 'UNCHANGED',
      itemCode: i.itemCode,
      data: JSON.stringify(rowData(i)),
      errors: null,
    }),
  );
  const withErrors = batch(2, 'REPLACED', '품목등록_신규_오류.xlsx', -12, { countNew: 1, countError: 2 });
  uploadRows.push({
    batchId: withErrors,
    rowNo: 2,
    result: 'NEW',
    itemCode: null,
    data: JSON.stringify(rowData(sample[0], { itemCode: '', itemName: '샘플 신규 품목' })),
    errors: null,
  });
  uploadRows.push({
    batchId: withErrors,
    rowNo: 3,
    result: 'ERROR',
    itemCode: null,
    data: JSON.stringify(rowData(sample[1], { itemCode: '', unitCode: 'XX' })),
    errors: JSON.stringify([{ column: 'unitCode', message: '등록되지 않은 단위입니다: XX' }]),
  });
  uploadRows.push({
    batchId: withErrors,
    rowNo: 4,
    result: 'ERROR',
    itemCode: null,
    data: JSON.stringify(rowData(sample[2], { itemCode: '', refPrice: '-10' })),
    errors: JSON.stringify([{ column: 'refPrice', message: '기준단가는 0 이상의 숫자여야 합니다' }]),
  });
  const fixed = batch(
    3,
    'CHECKED',
    '품목등록_신규_수정.xlsx',
    -11,
    { countNew: 1, countError: 0 },
    { replaces: withErrors },
  );
  uploadRows.push({
    batchId: fixed,
    rowNo: 2,
    result: 'NEW',
    itemCode: null,
    data: JSON.stringify(rowData(sample[0], { itemCode: '', itemName: '샘플 신규 품목' })),
    errors: null,
  });
  const erroring = batch(4, 'CHECKED', '품목단가_일괄수정.xlsx', -3, { countUpdate: 1, countError: 1 });
  uploadRows.push({
    batchId: erroring,
    rowNo: 2,
    result: 'UPDATE',
    itemCode: sample[4].itemCode,
    data: JSON.stringify(rowData(sample[4], { refPrice: String(Number(sample[4].refPrice) + 100) })),
    errors: null,
  });
  uploadRows.push({
    batchId: erroring,
    rowNo: 3,
    result: 'ERROR',
    itemCode: sample[5].itemCode,
    data: JSON.stringify(rowData(sample[5], { COLOR: 'PINK' })),
    errors: JSON.stringify([{ column: 'COLOR', message: '허용되지 않은 속성값입니다: PINK' }]),
  });
  batch(
    5,
    'FAILED',
    '품목목록.xls',
    -2,
    {},
    { failCode: 'UPLOAD_NOT_XLSX', failMessage: '엑셀(.xlsx) 파일이 아닙니다. 파일 내용이 확장자와 다릅니다' },
  );
  return { conversions, attributes, values, itemAttrs, prices, history, proposals, batches, uploadRows };
}

/** Writes the catalogue extras inside the seed's transaction (after items, companies and orders). */
export async function insertCatalogueExtra(trx: Kysely<Database>, data: CatalogueExtra): Promise<void> {
  await insertAll(trx, 'unitConversion', data.conversions);
  await insertAll(trx, 'itemAttribute', data.attributes);
  await insertAll(trx, 'itemAttributeValue', data.values);
  await insertAll(trx, 'itemAttr', data.itemAttrs);
  await insertAll(trx, 'itemSupplierPrice', data.prices);
  await insertAll(trx, 'itemPriceHistory', data.history);
  await insertAll(trx, 'itemProposal', data.proposals);
  await insertAll(trx, 'itemUploadBatch', data.batches);
  await insertAll(trx, 'itemUploadRow', data.uploadRows);
  // Proposal and batch numbers continue after the seeded ones.
  for (const [prefix, nos] of [
    ['IP', data.proposals.map((p) => String(p.proposalNo))],
    ['IU', data.batches.map((b) => String(b.batchId))],
  ] as const) {
    const byYear = new Map<string, number>();
    for (const no of nos) byYear.set(no.slice(2, 6), Math.max(byYear.get(no.slice(2, 6)) ?? 0, Number(no.slice(7))));
    await insertAll(
      trx,
      'documentSequence',
      [...byYear].map(([period, lastValue]) => ({ prefix, period, lastValue })),
    );
  }
}
