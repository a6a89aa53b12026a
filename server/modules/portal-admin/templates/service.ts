import type { Static } from 'typebox';
import { badRequest, notFound } from '../../../http/errors.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { CATEGORIES, SAMPLE_SORT, SampleBody, SampleListQuery } from './schemas.js';

/**
 * Sample data for the engine's page templates (/template/template0 … 8, public routes in spec §2):
 * fixed rows held in memory, never the database, so a template shows the same page to anyone and
 * nothing a visitor does is kept. `checkTemplateSample` validates a form the way a real save does
 * and answers it back without storing it.
 */
const STATUSES = ['DRAFT', 'REQUESTED', 'APPROVED', 'REJECTED'] as const;
const NAMES = [
  'A4 복사용지',
  '볼펜 (검정)',
  '노트북',
  '모니터 27인치',
  '안전장갑',
  '작업용 테이프',
  '스테이플러',
  '무선 마우스',
  '공구 세트',
  '보안경',
];

const SAMPLES = Array.from({ length: 30 }, (_, i) => {
  const category = CATEGORIES[i % 3];
  const quantity = ((i * 7) % 20) + 1;
  const unitPrice = 1000 * (((i * 13) % 50) + 1);
  return {
    sampleNo: `S${String(i + 1).padStart(4, '0')}`,
    itemName: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
    categoryCode: category.categoryCode,
    categoryName: category.categoryName,
    status: STATUSES[i % STATUSES.length],
    quantity,
    unitPrice: String(unitPrice),
    amount: String(unitPrice * quantity),
    dueDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    requester: ['이정민', '박성호', '최유진', '김민수'][i % 4],
    remark: i % 5 === 0 ? '긴급' : null,
  };
});
type Sample = (typeof SAMPLES)[number];

const linesOf = (s: Sample) =>
  Array.from({ length: 3 }, (_, j) => ({
    lineNo: j + 1,
    itemName: `${s.itemName} 부품 ${j + 1}`,
    quantity: j + 1,
    unitPrice: String(500 * (j + 1)),
    amount: String(500 * (j + 1) * (j + 1)),
  }));

/** The samples filtered, sorted and paged like a real list. */
export function listSamples(q: Static<typeof SampleListQuery>) {
  const name = q.itemName?.trim();
  let rows = SAMPLES.filter(
    (s) =>
      (!name || s.itemName.includes(name)) &&
      (!q.categoryCode || s.categoryCode === q.categoryCode) &&
      (!q.status || s.status === q.status),
  );
  const sort = parseSort<(typeof SAMPLE_SORT)[number]>(q.sort, { field: 'sampleNo', direction: 'asc' });
  const key = (s: Sample) => (sort.field === 'amount' ? Number(s.amount) : s[sort.field]);
  rows = [...rows].sort(
    (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.direction === 'asc' ? 1 : -1),
  );
  const { limit, offset } = pageWindow(q);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

/** One sample row with three lines (master-detail template). */
export function sampleOf(sampleNo: string) {
  const s = SAMPLES.find((x) => x.sampleNo === sampleNo);
  if (!s) throw notFound('SAMPLE_NOT_FOUND', '견본 자료를 찾을 수 없습니다');
  return { ...s, lines: linesOf(s) };
}

/** The sample rows as a tree: category › row (tree template). */
export function sampleTree() {
  const rows = [
    ...CATEGORIES.map((c) => ({
      nodeId: c.categoryCode,
      parentId: null,
      label: c.categoryName,
      sampleNo: null,
      itemName: null,
      categoryCode: c.categoryCode,
      quantity: null,
      dueDate: null,
      remark: null,
    })),
    ...SAMPLES.slice(0, 12).map((s) => ({
      nodeId: s.sampleNo,
      parentId: s.categoryCode,
      label: s.itemName,
      sampleNo: s.sampleNo,
      itemName: s.itemName,
      categoryCode: s.categoryCode,
      quantity: s.quantity,
      dueDate: s.dueDate,
      remark: s.remark,
    })),
  ];
  return { rows, total: rows.length };
}

/** Checks a template form like a save would and answers it back; nothing is stored. */
export function checkSample(b: Static<typeof SampleBody>) {
  if (!b.itemName.trim())
    throw badRequest('VALIDATION', '입력 항목을 확인하세요', [
      { path: 'body/itemName', message: '필수 입력 항목입니다' },
    ]);
  return {
    sampleNo: b.sampleNo || 'S9999',
    itemName: b.itemName.trim(),
    categoryCode: b.categoryCode,
    quantity: b.quantity,
    warnings: ['견본 화면입니다: 입력한 내용은 저장되지 않습니다'],
  };
}
