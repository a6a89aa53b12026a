/**
 * Cube rows for the pivot's story and test: three suppliers × two months, the shape the spend cube
 * answers (docs/reports.md "The spend cube"). 다라물산 has nothing in February and nothing before.
 */
export const PIVOT_ROWS = [
  {
    key1: 'C00001',
    name1: '가나상사',
    key2: '201901',
    name2: '201901',
    totalKrw: '250000',
    prevTotalKrw: '200000',
    poCount: 1,
    prevPoCount: 1,
  },
  {
    key1: 'C00001',
    name1: '가나상사',
    key2: '201902',
    name2: '201902',
    totalKrw: '100000',
    prevTotalKrw: '100000',
    poCount: 1,
    prevPoCount: 2,
  },
  {
    key1: 'C00002',
    name1: '다라물산',
    key2: '201901',
    name2: '201901',
    totalKrw: '79044',
    prevTotalKrw: '0',
    poCount: 2,
    prevPoCount: 0,
  },
  {
    key1: 'C00003',
    name1: '마바상회',
    key2: '201902',
    name2: '201902',
    totalKrw: '30000',
    prevTotalKrw: '60000',
    poCount: 1,
    prevPoCount: 1,
  },
];

export const PIVOT_FIELDS = {
  rowKey: 'key1',
  rowLabel: 'name1',
  columnKey: 'key2',
  columnLabel: 'name2',
  value: 'totalKrw',
  previous: 'prevTotalKrw',
};

export const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
