import { CATALOGUE, SOURCING_TOP, UNITS, type LeafCategory } from './catalogue.js';
import { JPY_RATE_PER_100 } from './codes.js';
import { SEED_CREATED_AT } from './organisation.js';
import { pad, type Rng } from './rng.js';

/**
 * Units, the item category tree, the four-level sourcing groups and the items. Sourcing
 * groups follow the categories (level 1 direct/indirect/capex, 2 and 3 the category families,
 * 4 domestic or imported), so a buyer owns a coherent slice of the catalogue.
 */
interface UnitRow {
  unitCode: string;
  nameKo: string;
  nameEn: string;
  sortOrder: number;
}
interface CategoryRow {
  catCode: string;
  parentCode: string | null;
  depth: number;
  nameKo: string;
  nameEn: string;
  sortOrder: number;
}
export interface SourcingGroupRow {
  sgCode: string;
  sgLevel: '001' | '002' | '003' | '004';
  upCode: string | null;
  sgName: string;
  sgNameEn: string;
  buyerId: string | null;
  sortOrder: number;
}
export interface ItemRow {
  itemCode: string;
  itemName: string;
  itemNameEn: string | null;
  spec: string | null;
  catCode: string;
  sgCode: string;
  unitCode: string;
  refPrice: string;
  currency: 'KRW' | 'JPY';
  maker: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Items {
  units: UnitRow[];
  categories: CategoryRow[];
  sourcingGroups: SourcingGroupRow[];
  items: ItemRow[];
}

const JPY_RATE = Number(JPY_RATE_PER_100) / 100;

function cartesian(parts: ReadonlyArray<readonly string[]>): string[] {
  return parts.reduce<string[]>((acc, part) => acc.flatMap((a) => part.map((p) => (a ? `${a} ${p}` : p))), ['']);
}

function roundPrice(value: number): number {
  if (value >= 10_000) return Math.round(value / 100) * 100;
  if (value >= 1_000) return Math.round(value / 10) * 10;
  return Math.max(1, Math.round(value));
}

function sgCodes(leaf: LeafCategory, topSourcing: string, topCode: string, midCode: string) {
  return {
    l2: `${topSourcing}-${topCode}`,
    l3: `${topSourcing}-${midCode}`,
    domestic: `${topSourcing}-${leaf.code}-D`,
    imported: `${topSourcing}-${leaf.code}-I`,
  };
}

export function buildItems(rng: Rng, buyers: { direct: string[]; indirect: string[] }, target = 5000): Items {
  const units = UNITS.map(([unitCode, nameKo, nameEn], i) => ({ unitCode, nameKo, nameEn, sortOrder: (i + 1) * 10 }));
  const categories: CategoryRow[] = [];
  const sourcingGroups: SourcingGroupRow[] = SOURCING_TOP.map(([sgCode, sgName, sgNameEn], i) => ({
    sgCode,
    sgLevel: '001',
    upCode: null,
    sgName,
    sgNameEn,
    buyerId: null,
    sortOrder: (i + 1) * 10,
  }));
  let buyerTurn = { direct: 0, indirect: 0 };
  const nextBuyer = (kind: 'direct' | 'indirect') => {
    const list = buyers[kind];
    if (list.length === 0) return null;
    const id = list[buyerTurn[kind] % list.length];
    buyerTurn = { ...buyerTurn, [kind]: buyerTurn[kind] + 1 };
    return id;
  };

  interface Combo {
    leaf: LeafCategory;
    nameIdx: number;
    spec: string;
    specIdx: number;
    specCount: number;
    sgDomestic: string;
    sgImported: string;
  }
  const combos: Combo[] = [];
  CATALOGUE.forEach((top, ti) => {
    categories.push({
      catCode: top.code,
      parentCode: null,
      depth: 1,
      nameKo: top.ko,
      nameEn: top.en,
      sortOrder: (ti + 1) * 10,
    });
    const kind = top.sourcing === 'SGD' ? 'direct' : 'indirect';
    top.mids.forEach((mid, mi) => {
      categories.push({
        catCode: mid.code,
        parentCode: top.code,
        depth: 2,
        nameKo: mid.ko,
        nameEn: mid.en,
        sortOrder: (mi + 1) * 10,
      });
      mid.leaves.forEach((leaf, li) => {
        categories.push({
          catCode: leaf.code,
          parentCode: mid.code,
          depth: 3,
          nameKo: leaf.ko,
          nameEn: leaf.en,
          sortOrder: (li + 1) * 10,
        });
        const sg = sgCodes(leaf, top.sourcing, top.code, mid.code);
        if (mi === 0 && li === 0) {
          sourcingGroups.push({
            sgCode: sg.l2,
            sgLevel: '002',
            upCode: top.sourcing,
            sgName: top.ko,
            sgNameEn: top.en,
            buyerId: null,
            sortOrder: (ti + 1) * 10,
          });
        }
        if (li === 0) {
          sourcingGroups.push({
            sgCode: sg.l3,
            sgLevel: '003',
            upCode: sg.l2,
            sgName: mid.ko,
            sgNameEn: mid.en,
            buyerId: null,
            sortOrder: (mi + 1) * 10,
          });
        }
        sourcingGroups.push({
          sgCode: sg.domestic,
          sgLevel: '004',
          upCode: sg.l3,
          sgName: `${leaf.ko} (국내)`,
          sgNameEn: `${leaf.en} (domestic)`,
          buyerId: nextBuyer(kind),
          sortOrder: (li + 1) * 10,
        });
        if (leaf.makers.some((m) => m[1] === 'jp')) {
          sourcingGroups.push({
            sgCode: sg.imported,
            sgLevel: '004',
            upCode: sg.l3,
            sgName: `${leaf.ko} (수입)`,
            sgNameEn: `${leaf.en} (imported)`,
            buyerId: nextBuyer(kind),
            sortOrder: (li + 1) * 10 + 5,
          });
        }
        const specs = cartesian(leaf.specs);
        leaf.names.forEach((_, nameIdx) => {
          specs.forEach((spec, specIdx) =>
            combos.push({
              leaf,
              nameIdx,
              spec,
              specIdx,
              specCount: specs.length,
              sgDomestic: sg.domestic,
              sgImported: sg.imported,
            }),
          );
        });
      });
    });
  });

  const perLeafSeq = new Map<string, number>();
  const usedMaker = new Map<Combo, Set<number>>();
  const items: ItemRow[] = [];
  const emit = (c: Combo): void => {
    const { leaf } = c;
    const taken = usedMaker.get(c) ?? new Set<number>();
    const free = leaf.makers.map((_, i) => i).filter((i) => !taken.has(i));
    if (free.length === 0) return;
    const makerIdx = rng.pick(free);
    taken.add(makerIdx);
    usedMaker.set(c, taken);
    const [maker, origin] = leaf.makers[makerIdx];
    const [min, max] = leaf.price;
    // Larger specs cost more, with noise, so price lists look plausible within a family.
    const t = Math.min(
      1,
      Math.max(0, 0.55 * (c.specCount > 1 ? c.specIdx / (c.specCount - 1) : 0.5) + 0.45 * rng.next()),
    );
    const krw = roundPrice(min * Math.pow(max / min, t));
    const jpy = origin === 'jp';
    const price = jpy ? roundPrice(krw / JPY_RATE) : krw;
    const seq = (perLeafSeq.get(leaf.code) ?? 0) + 1;
    perLeafSeq.set(leaf.code, seq);
    const [nameKo, nameEn] = leaf.names[c.nameIdx];
    items.push({
      itemCode: `${leaf.code}-${pad(seq, 4)}`,
      itemName: nameKo,
      itemNameEn: nameEn,
      spec: c.spec,
      catCode: leaf.code,
      sgCode: jpy ? c.sgImported : c.sgDomestic,
      unitCode: leaf.unit,
      refPrice: `${price}.00`,
      currency: jpy ? 'JPY' : 'KRW',
      maker,
      createdAt: SEED_CREATED_AT,
      updatedAt: SEED_CREATED_AT,
    });
  };
  // Each name+spec once, then further makers for a random subset until the target is met:
  // the same part from two makers is two items in any real catalogue.
  for (const c of combos) emit(c);
  const extra = rng.shuffle(combos);
  for (let i = 0; items.length < target && i < extra.length * 4; i++) emit(extra[i % extra.length]);
  return { units, categories, sourcingGroups, items };
}
