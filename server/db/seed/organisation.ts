import { DEMO_EMPLOYEES } from './accounts.js';
import { POSITIONS } from './codes.js';
import { randomPersonName } from './names.js';
import { anchorDate, kstTimestamp, pad, type Rng } from './rng.js';

/**
 * Business sections, the department tree and the staff. A section is identified by its top
 * department (business_section.top_dept = the root department's deptcd), as in the spec's
 * department result where topDept and deptcd share one code space.
 */
type TeamDef = readonly [deptcd: string, ko: string, en: string, weight: number];
interface DivisionDef {
  deptcd: string;
  ko: string;
  en: string;
  site: string;
  teams: readonly TeamDef[];
}
interface SectionDef {
  topDept: string;
  ko: string;
  en: string;
  site: string;
  divisions: readonly DivisionDef[];
}

const SECTIONS: readonly SectionDef[] = [
  {
    topDept: 'D1000',
    ko: '본사',
    en: 'Headquarters',
    site: '서울본사',
    divisions: [
      {
        deptcd: 'D1100',
        ko: '경영지원본부',
        en: 'Corporate Support Division',
        site: '서울본사',
        teams: [
          ['D1110', '인사팀', 'HR Team', 3],
          ['D1120', '총무팀', 'General Affairs Team', 3],
          ['D1130', '재무팀', 'Finance Team', 3],
          ['D1140', '회계팀', 'Accounting Team', 3],
          ['D1150', '법무팀', 'Legal Team', 2],
        ],
      },
      {
        deptcd: 'D1200',
        ko: '구매본부',
        en: 'Procurement Division',
        site: '서울본사',
        teams: [
          ['D1210', '구매기획팀', 'Procurement Planning Team', 3],
          ['D1220', '구매1팀', 'Purchasing Team 1', 4],
          ['D1230', '구매2팀', 'Purchasing Team 2', 4],
          ['D1240', '구매운영팀', 'Purchasing Operations Team', 3],
          ['D1250', '구매혁신TF', 'Procurement Innovation TF', 2],
        ],
      },
      {
        deptcd: 'D1300',
        ko: '정보전략실',
        en: 'IT Strategy Office',
        site: '서울본사',
        teams: [
          ['D1310', '정보전략팀', 'IT Strategy Team', 2],
          ['D1320', 'IT운영팀', 'IT Operations Team', 3],
        ],
      },
      {
        deptcd: 'D1400',
        ko: '감사실',
        en: 'Audit Office',
        site: '서울본사',
        teams: [['D1410', '감사팀', 'Audit Team', 2]],
      },
    ],
  },
  {
    topDept: 'D2000',
    ko: '생산부문',
    en: 'Manufacturing',
    site: '구미공장',
    divisions: [
      {
        deptcd: 'D2100',
        ko: '구미공장',
        en: 'Gumi Plant',
        site: '구미공장',
        teams: [
          ['D2110', '생산1팀', 'Production Team 1', 8],
          ['D2120', '생산2팀', 'Production Team 2', 8],
          ['D2130', '품질관리팀', 'Quality Control Team', 5],
          ['D2140', '설비보전팀', 'Maintenance Team', 4],
        ],
      },
      {
        deptcd: 'D2200',
        ko: '평택공장',
        en: 'Pyeongtaek Plant',
        site: '평택공장',
        teams: [
          ['D2210', '생산3팀', 'Production Team 3', 8],
          ['D2220', '생산기술팀', 'Production Engineering Team', 4],
          ['D2230', '자재팀', 'Materials Team', 4],
          ['D2240', '환경안전팀', 'EHS Team', 3],
        ],
      },
    ],
  },
  {
    topDept: 'D3000',
    ko: '연구소',
    en: 'R&D Center',
    site: '대전연구소',
    divisions: [
      {
        deptcd: 'D3100',
        ko: '선행연구소',
        en: 'Advanced Research Institute',
        site: '대전연구소',
        teams: [
          ['D3110', '소재연구팀', 'Materials Research Team', 4],
          ['D3120', '회로설계팀', 'Circuit Design Team', 4],
        ],
      },
      {
        deptcd: 'D3200',
        ko: '제품개발센터',
        en: 'Product Development Center',
        site: '대전연구소',
        teams: [
          ['D3210', '기구설계팀', 'Mechanical Design Team', 4],
          ['D3220', '소프트웨어개발팀', 'Software Development Team', 5],
          ['D3230', '시험분석팀', 'Testing & Analysis Team', 3],
        ],
      },
    ],
  },
  {
    topDept: 'D4000',
    ko: '해외사업부문',
    en: 'Overseas Business',
    site: '서울본사',
    divisions: [
      {
        deptcd: 'D4100',
        ko: '해외영업본부',
        en: 'Overseas Sales Division',
        site: '서울본사',
        teams: [
          ['D4110', '미주영업팀', 'Americas Sales Team', 3],
          ['D4120', '유럽영업팀', 'Europe Sales Team', 3],
          ['D4130', '아시아영업팀', 'Asia Sales Team', 3],
        ],
      },
      {
        deptcd: 'D4200',
        ko: '해외법인관리실',
        en: 'Overseas Subsidiaries Office',
        site: '서울본사',
        teams: [
          ['D4210', '베트남법인지원팀', 'Vietnam Subsidiary Support Team', 2],
          ['D4220', '중국법인지원팀', 'China Subsidiary Support Team', 2],
        ],
      },
    ],
  },
  {
    topDept: 'D5000',
    ko: '서비스부문',
    en: 'Customer Service',
    site: '서울본사',
    divisions: [
      {
        deptcd: 'D5100',
        ko: '고객서비스본부',
        en: 'Customer Service Division',
        site: '서울본사',
        teams: [
          ['D5110', 'CS기획팀', 'CS Planning Team', 2],
          ['D5120', '수도권서비스팀', 'Capital Area Service Team', 4],
          ['D5130', '영남서비스팀', 'Yeongnam Service Team', 3],
          ['D5140', '호남서비스팀', 'Honam Service Team', 3],
        ],
      },
      {
        deptcd: 'D5200',
        ko: '부품센터',
        en: 'Parts Center',
        site: '평택공장',
        teams: [['D5210', '부품공급팀', 'Parts Supply Team', 3]],
      },
    ],
  },
  {
    topDept: 'D6000',
    ko: '물류부문',
    en: 'Logistics',
    site: '부산물류센터',
    divisions: [
      {
        deptcd: 'D6100',
        ko: '물류센터',
        en: 'Logistics Center',
        site: '부산물류센터',
        teams: [
          ['D6110', '입출고팀', 'Inbound & Outbound Team', 4],
          ['D6120', '배송팀', 'Delivery Team', 4],
          ['D6130', '창고관리팀', 'Warehouse Team', 3],
        ],
      },
      {
        deptcd: 'D6200',
        ko: '물류기획실',
        en: 'Logistics Planning Office',
        site: '부산물류센터',
        teams: [['D6210', '물류기획팀', 'Logistics Planning Team', 2]],
      },
    ],
  },
];

const SITE_AREA_CODE: Record<string, string> = {
  서울본사: '02',
  구미공장: '054',
  평택공장: '031',
  대전연구소: '042',
  부산물류센터: '051',
};
const EMAIL_DOMAIN = 'gpms.example.com';
const ORG_YYYYMM = '202611';
export const SEED_CREATED_AT = kstTimestamp(anchorDate(-760), 9);

interface SectionRow {
  topDept: string;
  sectionName: string;
  sectionNameEn: string;
  sortOrder: number;
}
interface DepartmentRow {
  deptcd: string;
  yyyymm: string;
  topDept: string;
  indept: string | null;
  deptnm: string;
  deptnmEn: string;
  compYn: 'Y' | 'N';
  sortOrder: number;
}
export interface EmployeeRow {
  singleid: string;
  hname: string;
  ename: string;
  section: string;
  deptcd: string;
  position: string;
  positionNm: string;
  inDeptCode: string | null;
  site: string | null;
  telNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  appChk: 'Y' | 'N';
  status: string;
  statusDt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Organisation {
  sections: SectionRow[];
  departments: DepartmentRow[];
  employees: EmployeeRow[];
  /** Authority group of every employee's account (demo accounts included). */
  groupOf: Map<string, string>;
  /** Employees who buy: members of the purchasing teams, used as sourcing-group and PO buyers. */
  buyersDirect: string[];
  buyersIndirect: string[];
}

interface DeptInfo {
  row: DepartmentRow;
  site: string;
  weight: number;
  isTeam: boolean;
}

function buildDepartments(): { sections: SectionRow[]; depts: DeptInfo[] } {
  const sections: SectionRow[] = [];
  const depts: DeptInfo[] = [];
  const dept = (deptcd: string, topDept: string, indept: string | null, ko: string, en: string, sortOrder: number) =>
    ({
      deptcd,
      yyyymm: ORG_YYYYMM,
      topDept,
      indept,
      deptnm: ko,
      deptnmEn: en,
      compYn: indept === null ? 'Y' : 'N',
      sortOrder,
    }) as DepartmentRow;
  SECTIONS.forEach((s, si) => {
    sections.push({ topDept: s.topDept, sectionName: s.ko, sectionNameEn: s.en, sortOrder: (si + 1) * 10 });
    depts.push({ row: dept(s.topDept, s.topDept, null, s.ko, s.en, 0), site: s.site, weight: 0.5, isTeam: false });
    s.divisions.forEach((d, di) => {
      depts.push({
        row: dept(d.deptcd, s.topDept, s.topDept, d.ko, d.en, (di + 1) * 10),
        site: d.site,
        weight: 0.5,
        isTeam: false,
      });
      d.teams.forEach(([code, ko, en, weight], ti) => {
        depts.push({ row: dept(code, s.topDept, d.deptcd, ko, en, (ti + 1) * 10), site: d.site, weight, isTeam: true });
      });
    });
  });
  return { sections, depts };
}

const POSITION_NAME = new Map(POSITIONS.map(([code, ko]) => [code, ko]));

/** Which group an ordinary employee gets: by department first, then by seniority. */
function groupFor(deptcd: string, position: string, indexInDept: number, rng: Rng): string {
  const senior = Number(position) >= 50;
  switch (deptcd) {
    case 'D1310':
      return indexInDept < 2 ? '99' : indexInDept < 4 ? '50' : '51';
    case 'D1320':
      return indexInDept < 2 ? '51' : '30';
    case 'D1210':
      return indexInDept === 0 ? '50' : '20';
    case 'D1220':
    case 'D1230':
    case 'D1240':
      return rng.chance(0.15) ? '10' : '20';
    case 'D1250':
      return '10';
    case 'D1410':
      return '40';
    case 'D1110':
      return '34';
  }
  if (Number(position) >= 70) return '33';
  if (Number(position) >= 60) return '32';
  if (senior) return '31';
  return '30';
}

function phone(rng: Rng, area: string): string {
  return area.length === 2
    ? `${area}-${rng.int(2000, 3999)}-${pad(rng.int(0, 9999), 4)}`
    : `${area}-${rng.int(200, 899)}-${pad(rng.int(0, 9999), 4)}`;
}

export function cellPhone(rng: Rng): string {
  return `010-${pad(rng.int(2000, 9999), 4)}-${pad(rng.int(0, 9999), 4)}`;
}

export function buildOrganisation(rng: Rng, employeeCount = 800): Organisation {
  const { sections, depts } = buildDepartments();
  const deptByCode = new Map(depts.map((d) => [d.row.deptcd, d]));
  const employees: EmployeeRow[] = [];
  const groupOf = new Map<string, string>();
  const emails = new Set<string>();
  const perDept = new Map<string, number>();

  const uniqueEmail = (handle: string) => {
    let email = `${handle}@${EMAIL_DOMAIN}`;
    for (let n = 2; emails.has(email); n++) email = `${handle}${n}@${EMAIL_DOMAIN}`;
    emails.add(email);
    return email;
  };

  const add = (
    singleid: string,
    hname: string,
    ename: string,
    handle: string,
    deptcd: string,
    position: string,
    status = 'ACTIVE',
  ) => {
    const d = deptByCode.get(deptcd);
    if (!d) throw new Error(`unknown department ${deptcd}`);
    const hired = anchorDate(-rng.int(60, 9000));
    const statusDt = status === 'ACTIVE' ? hired : anchorDate(-rng.int(1, 700));
    employees.push({
      singleid,
      hname,
      ename,
      section: d.row.topDept,
      deptcd,
      position,
      positionNm: POSITION_NAME.get(position) ?? position,
      inDeptCode: d.row.indept,
      site: d.site,
      telNo: phone(rng, SITE_AREA_CODE[d.site] ?? '02'),
      cellPhoneNo: cellPhone(rng),
      email: uniqueEmail(handle),
      appChk: Number(position) >= 30 ? 'Y' : 'N',
      status,
      statusDt,
      createdAt: SEED_CREATED_AT,
      updatedAt: SEED_CREATED_AT,
    });
    perDept.set(deptcd, (perDept.get(deptcd) ?? 0) + 1);
  };

  for (const demo of DEMO_EMPLOYEES) {
    const [given, family] = demo.ename.toLowerCase().split(' ');
    add(demo.singleid, demo.hname, demo.ename, `${given}.${family}`, demo.deptcd, demo.position);
  }

  // Every unit has a head; then the rest of the staff spreads over teams by size.
  const heads: Array<readonly [string, string]> = [];
  for (const d of depts) {
    const isSection = d.row.indept === null;
    heads.push([d.row.deptcd, isSection ? '80' : d.isTeam ? '50' : rng.pick(['60', '70'])]);
  }
  const teams = depts.filter((d) => d.isTeam).map((d) => [d.row.deptcd, d.weight] as const);
  const memberPositions = [
    ['10', 34],
    ['20', 28],
    ['30', 20],
    ['40', 13],
    ['50', 5],
  ] as const;
  let seq = DEMO_EMPLOYEES.length;
  const demoHeads = new Set(DEMO_EMPLOYEES.filter((e) => e.position === '50').map((e) => e.deptcd));
  for (const [deptcd, position] of heads) {
    if (demoHeads.has(deptcd) && position === '50') continue;
    const name = randomPersonName(rng);
    add(`E${pad(++seq, 6)}`, name.hname, name.ename, name.handle, deptcd, position);
  }
  while (seq < employeeCount) {
    const name = randomPersonName(rng);
    const deptcd = rng.weighted(teams);
    const position = rng.weighted(memberPositions);
    const status = rng.weighted([
      ['ACTIVE', 92],
      ['LEAVE', 5],
      ['RETIRED', 3],
    ] as const);
    add(`E${pad(++seq, 6)}`, name.hname, name.ename, name.handle, deptcd, position, status);
  }

  const demoGroup = new Map([
    ['E000001', '99'],
    ['E000002', '50'],
    ['E000003', '10'],
    ['E000004', '20'],
    ['E000005', '30'],
    ['E000006', '31'],
    ['E000007', '32'],
    ['E000008', '33'],
    ['E000009', '40'],
  ]);
  const indexInDept = new Map<string, number>();
  for (const e of employees) {
    const i = indexInDept.get(e.deptcd) ?? 0;
    indexInDept.set(e.deptcd, i + 1);
    groupOf.set(e.singleid, demoGroup.get(e.singleid) ?? groupFor(e.deptcd, e.position, i, rng));
  }

  const activeIn = (codes: string[]) =>
    employees.filter((e) => codes.includes(e.deptcd) && e.status === 'ACTIVE').map((e) => e.singleid);
  return {
    sections,
    departments: depts.map((d) => d.row),
    employees,
    groupOf,
    buyersDirect: activeIn(['D1220']),
    buyersIndirect: activeIn(['D1230', 'D1240']),
  };
}
