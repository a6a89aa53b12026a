import type { ItemFilters, ItemRow } from './item-popup';

/** A few items of the demo catalogue, for the popup's story and test. */
export const FIXTURE_ITEMS: readonly ItemRow[] = [
  {
    itemCode: 'MRO0101-0001',
    itemName: '육각볼트',
    spec: 'M8x30 SUS304',
    unitCode: 'EA',
    catCode: 'MRO0101',
    catName: '볼트',
  },
  {
    itemCode: 'MRO0101-0002',
    itemName: '육각볼트',
    spec: 'M10x40 SUS304',
    unitCode: 'EA',
    catCode: 'MRO0101',
    catName: '볼트',
  },
  {
    itemCode: 'MRO0101-0003',
    itemName: '렌치볼트',
    spec: 'M6x20 SCM435 흑색',
    unitCode: 'EA',
    catCode: 'MRO0101',
    catName: '볼트',
  },
  {
    itemCode: 'MRO0302-0001',
    itemName: '코팅장갑',
    spec: 'L 10켤레',
    unitCode: 'PAC',
    catCode: 'MRO0302',
    catName: '작업장갑',
  },
];

export const FIXTURE_ITEM_CATEGORIES = [
  { value: 'MRO0101', text: '볼트' },
  { value: 'MRO0302', text: '작업장갑' },
];

export async function searchFixtureItems(f: ItemFilters): Promise<ItemRow[]> {
  return FIXTURE_ITEMS.filter(
    (i) =>
      (!f.catCode || i.catCode === f.catCode) &&
      (!f.itemName || i.itemName.includes(f.itemName)) &&
      (!f.spec || (i.spec ?? '').includes(f.spec)) &&
      (!f.itemCode || i.itemCode.startsWith(f.itemCode.toUpperCase())),
  );
}
