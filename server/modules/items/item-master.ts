import type { Db } from '../../db/connect.js';
import { lastItemNumbers, lockItemCodeAllocation, masterRows } from './queries.js';
import { parseAmount } from '../../domain/money.js';
import { text } from '../../domain/values.js';
import { type FieldError } from '../../domain/errors.js';
import { josa } from '../../../lib/josa.js';

/**
 * The rules an item must follow wherever it is written from (the item screens, the Excel
 * upload, an approved proposal): category is an active leaf, sourcing group an active level-4
 * group, unit active, attribute values allowed, price ≥ 0 with two decimals.
 */
export interface ItemInput {
  itemName: string;
  itemNameEn?: string | null;
  spec?: string | null;
  catCode: string;
  sgCode: string;
  unitCode: string;
  refPrice: string;
  currency: 'KRW' | 'JPY';
  maker?: string | null;
  useYn?: 'Y' | 'N';
  attributes?: ReadonlyArray<{ attrCode: string; valueCode: string }>;
}

/** The masters the checks read, loaded once (small tables) and reused for every row of an upload. */
export interface Masters {
  leafCategories: Set<string>;
  categories: Set<string>;
  sourcingGroups: Set<string>;
  level4: Set<string>;
  units: Set<string>;
  /** attrCode → allowed (active) value codes. */
  attributes: Map<string, Set<string>>;
}

export async function loadMasters(db: Db): Promise<Masters> {
  const [cats, sgs, units, values, attrs] = await masterRows(db);
  const attributes = new Map<string, Set<string>>(attrs.map((a) => [a.attrCode, new Set<string>()]));
  for (const v of values) attributes.get(v.attrCode)?.add(v.valueCode);
  return {
    categories: new Set(cats.filter((c) => c.useYn === 'Y').map((c) => c.catCode)),
    leafCategories: new Set(cats.filter((c) => c.useYn === 'Y' && !c.hasChildren).map((c) => c.catCode)),
    sourcingGroups: new Set(sgs.filter((s) => s.useYn === 'Y').map((s) => s.sgCode)),
    level4: new Set(sgs.filter((s) => s.useYn === 'Y' && s.sgLevel === '004').map((s) => s.sgCode)),
    units: new Set(units.filter((u) => u.useYn === 'Y').map((u) => u.unitCode)),
    attributes,
  };
}

const BYTES = (s: string) => Buffer.byteLength(s, 'utf8');

/** Checks one item against the masters; `at(field)` names where each error goes (a body path or an upload column). */
export function checkItem(m: Masters, v: ItemInput, at: (field: string) => string): FieldError[] {
  const errors: FieldError[] = [];
  const need = (field: string, value: string | null | undefined, label: string) => {
    if (!value || !value.trim()) {
      errors.push({ path: at(field), message: `${josa(label, '은/는')} 필수입니다` });
      return false;
    }
    return true;
  };
  if (need('itemName', v.itemName, '품목명') && v.itemName.trim().length > 200)
    errors.push({ path: at('itemName'), message: '품목명은 200자를 넘을 수 없습니다' });
  if (v.itemNameEn && v.itemNameEn.length > 200)
    errors.push({ path: at('itemNameEn'), message: '영문 품목명은 200자를 넘을 수 없습니다' });
  if (v.spec && BYTES(v.spec) > 300 * 3) errors.push({ path: at('spec'), message: '규격이 너무 깁니다' });
  if (v.spec && v.spec.length > 300) errors.push({ path: at('spec'), message: '규격은 300자를 넘을 수 없습니다' });
  if (v.maker && v.maker.length > 100) errors.push({ path: at('maker'), message: '제조사는 100자를 넘을 수 없습니다' });
  if (need('catCode', v.catCode, '품목분류')) {
    if (!m.categories.has(v.catCode))
      errors.push({ path: at('catCode'), message: `등록되지 않았거나 사용하지 않는 품목분류입니다: ${v.catCode}` });
    else if (!m.leafCategories.has(v.catCode))
      errors.push({ path: at('catCode'), message: `품목은 최하위 분류에만 등록할 수 있습니다: ${v.catCode}` });
  }
  if (need('sgCode', v.sgCode, '소싱그룹')) {
    if (!m.sourcingGroups.has(v.sgCode))
      errors.push({ path: at('sgCode'), message: `등록되지 않았거나 사용하지 않는 소싱그룹입니다: ${v.sgCode}` });
    else if (!m.level4.has(v.sgCode))
      errors.push({ path: at('sgCode'), message: `품목은 4단계 소싱그룹에 속해야 합니다: ${v.sgCode}` });
  }
  if (need('unitCode', v.unitCode, '단위') && !m.units.has(v.unitCode))
    errors.push({ path: at('unitCode'), message: `등록되지 않은 단위입니다: ${v.unitCode}` });
  if (need('refPrice', v.refPrice, '기준단가') && parseAmount(v.refPrice) === null)
    errors.push({ path: at('refPrice'), message: '기준단가는 0 이상의 숫자여야 합니다 (소수 둘째 자리까지)' });
  if (v.currency !== 'KRW' && v.currency !== 'JPY')
    errors.push({ path: at('currency'), message: `통화는 KRW 또는 JPY입니다: ${String(v.currency ?? '')}` });
  else if (parseAmount(v.refPrice) !== null && /\.\d*[1-9]/.test(v.refPrice))
    errors.push({ path: at('refPrice'), message: `${v.currency} 단가에는 소수가 없습니다` });
  if (v.useYn !== undefined && v.useYn !== 'Y' && v.useYn !== 'N')
    errors.push({ path: at('useYn'), message: '사용여부는 Y 또는 N입니다' });
  const seen = new Set<string>();
  (v.attributes ?? []).forEach((a, i) => {
    const allowed = m.attributes.get(a.attrCode);
    const field = `attributes/${i}/valueCode`;
    if (!allowed)
      errors.push({
        path: at(`attributes/${i}/attrCode`),
        message: `등록되지 않았거나 사용하지 않는 속성입니다: ${a.attrCode}`,
      });
    else if (!allowed.has(a.valueCode))
      errors.push({ path: at(field), message: `허용되지 않은 속성값입니다: ${a.valueCode}` });
    if (seen.has(a.attrCode))
      errors.push({ path: at(`attributes/${i}/attrCode`), message: `속성이 중복되었습니다: ${a.attrCode}` });
    seen.add(a.attrCode);
  });
  return errors;
}

/** The stored form of an item input (trimmed, codes upper-case). */
export function normaliseItem(v: ItemInput) {
  return {
    itemName: v.itemName.trim(),
    itemNameEn: text(v.itemNameEn),
    spec: text(v.spec),
    catCode: v.catCode.trim().toUpperCase(),
    sgCode: v.sgCode.trim().toUpperCase(),
    unitCode: v.unitCode.trim().toUpperCase(),
    refPrice: parseAmount(v.refPrice) ?? v.refPrice,
    currency: v.currency,
    maker: text(v.maker),
    useYn: v.useYn ?? ('Y' as const),
  };
}

/**
 * New item codes `<category>-NNNN`, allocated in the caller's transaction. A transaction-scoped
 * advisory lock serialises allocators, so two writers never hand out the same code.
 */
export async function allocateItemCodes(trx: Db, catCodes: readonly string[]): Promise<string[]> {
  await lockItemCodeAllocation(trx);
  const wanted = [...new Set(catCodes)];
  const next = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const part = wanted.slice(i, i + 500);
    const rows = await lastItemNumbers(trx, part);
    for (const r of rows) next.set(r.catCode, Number(r.last ?? 0));
  }
  return catCodes.map((c) => {
    const n = (next.get(c) ?? 0) + 1;
    next.set(c, n);
    return `${c}-${String(n).padStart(4, '0')}`;
  });
}
