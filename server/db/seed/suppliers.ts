import { businessNumberCheckDigit, formatBusinessNumber } from '../../../lib/business-number.js';
import { DEMO_SUPPLIER_USERS } from './accounts.js';
import { BANKS } from './codes.js';
import { COMPANY_ROOTS, COMPANY_TRADES, STREETS, randomPersonName } from './names.js';
import { cellPhone } from './organisation.js';
import { anchorDate, pad, type Rng } from './rng.js';

/**
 * Supplier companies, their contacts and their portal users. C00001 and C00002 are the demo
 * suppliers: one receives POs automatically (FORWARD_YN=Y), the other does not, so QA can see
 * both approval messages.
 */
export interface CompanyRow {
  compNo: string;
  compNameKr: string;
  compNameEn: string | null;
  taxNo: string;
  taxNo2: string;
  ceoName: string;
  bizType: string | null;
  bizItem: string | null;
  zipCode: string | null;
  address: string | null;
  phoneNo: string | null;
  faxNo: string | null;
  email: string | null;
  homepage: string | null;
  bankCode: string | null;
  bankAccount: string | null;
  status: 'ACTIVE' | 'SUSPENDED' | 'CLOSED';
  forwardYn: 'Y' | 'N';
  councilYn: 'Y' | 'N';
  regDate: string;
  createdAt: string;
  updatedAt: string;
}

interface ContactRow {
  compNo: string;
  seq: number;
  name: string;
  deptName: string | null;
  positionNm: string | null;
  phoneNo: string | null;
  cellPhoneNo: string | null;
  email: string | null;
  mainYn: 'Y' | 'N';
}

export interface SupplierUser {
  userId: string;
  compNo: string;
  hname: string;
  ename: string;
  email: string;
  cellPhoneNo: string;
  phoneNo: string | null;
  authGroupId: '60' | '61';
}

/** What a supplier sells (item category level-1 codes) and whether it imports in yen. */
export interface SupplierProfile {
  compNo: string;
  categories: readonly string[];
  tradesJpy: boolean;
  active: boolean;
}

export interface Suppliers {
  companies: CompanyRow[];
  contacts: ContactRow[];
  users: SupplierUser[];
  profiles: SupplierProfile[];
}

const TRADE_CATEGORIES: Record<string, readonly string[]> = {
  정밀: ['MRO', 'FAC'],
  전자: ['ELC'],
  테크: ['FAC', 'ITE'],
  산업: ['MRO'],
  화학: ['RAW'],
  금속: ['RAW'],
  포장: ['PKG'],
  물산: ['OFC'],
  시스템: ['ITE'],
  엔지니어링: ['FAC'],
  소재: ['RAW'],
  기계: ['FAC', 'MRO'],
  전기: ['ELC', 'FAC'],
  케미칼: ['RAW', 'MRO'],
  상사: ['MRO', 'OFC', 'PKG'],
  로지스: ['PKG'],
};
/** Trades whose catalogue includes Japanese makers, so a few of them are invoiced in yen. */
const JPY_TRADES = new Set(['전자', '테크', '정밀', '전기', '기계']);

// Real tax-office prefixes, so numbers look like the ones on actual registration certificates.
const TAX_OFFICES = [
  101, 104, 105, 106, 107, 108, 109, 110, 113, 114, 117, 119, 120, 124, 128, 130, 134, 135, 137, 138, 140, 141, 142,
  144, 201, 206, 208, 211, 214, 215, 220, 229, 301, 305, 312, 314, 401, 409, 410, 501, 502, 503, 504, 514, 601, 602,
  603, 605, 606, 607, 608, 609, 610, 615, 617, 621,
];
const CORPORATE_MIDDLE = [81, 86, 87, 88];

const CONTACT_DEPTS = ['영업팀', '영업부', '관리부', '품질보증팀', '해외영업팀', '기술영업팀'];
const CONTACT_POSITIONS = ['대리', '과장', '차장', '부장', '팀장'];

function taxNumber(rng: Rng, corporate: boolean, used: Set<string>): string {
  for (;;) {
    const office = rng.pick(TAX_OFFICES);
    const middle = corporate ? rng.pick(CORPORATE_MIDDLE) : rng.int(1, 79);
    const first9 = `${office}${pad(middle, 2)}${pad(rng.int(0, 9999), 4)}`;
    const taxNo = `${first9}${businessNumberCheckDigit(first9)}`;
    if (!used.has(taxNo)) {
      used.add(taxNo);
      return taxNo;
    }
  }
}

/** Readable ASCII for e-mail domains and user ids. */
function slug(en: string): string {
  return en.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function buildSuppliers(rng: Rng, count = 120): Suppliers {
  const companies: CompanyRow[] = [];
  const contacts: ContactRow[] = [];
  const users: SupplierUser[] = [];
  const profiles: SupplierProfile[] = [];
  const usedTax = new Set<string>();
  const usedNames = new Set<string>();

  // The first two are fixed so the demo suppliers read the same in every guide and test.
  const fixed: Array<readonly [root: number, trade: string]> = [
    [0, '정밀'],
    [1, '전자'],
  ];
  for (let i = 1; i <= count; i++) {
    const compNo = `C${pad(i, 5)}`;
    let rootIdx: number;
    let tradeIdx: number;
    if (i <= fixed.length) {
      rootIdx = fixed[i - 1][0];
      tradeIdx = COMPANY_TRADES.findIndex((t) => t[0] === fixed[i - 1][1]);
    } else {
      do {
        rootIdx = rng.int(0, COMPANY_ROOTS.length - 1);
        tradeIdx = rng.int(0, COMPANY_TRADES.length - 1);
      } while (usedNames.has(`${rootIdx}/${tradeIdx}`));
    }
    usedNames.add(`${rootIdx}/${tradeIdx}`);
    const [rootKo, rootEn] = COMPANY_ROOTS[rootIdx];
    const [tradeKo, tradeEn, bizType, bizItem] = COMPANY_TRADES[tradeIdx];
    const corporate = i <= 2 || rng.chance(0.85);
    const base = `${rootKo}${tradeKo}`;
    const form = i === 1 ? 0 : i === 2 ? 1 : rng.int(0, 3);
    const compNameKr = !corporate ? base : [`㈜${base}`, `${base} 주식회사`, `${base}㈜`, `(주)${base}`][form];
    const compNameEn = corporate ? `${rootEn} ${tradeEn} Co., Ltd.` : `${rootEn} ${tradeEn}`;
    const taxNo = taxNumber(rng, corporate, usedTax);
    const [street, zip, area] = rng.pick(STREETS);
    const domain = `${slug(rootEn)}${slug(tradeEn)}.example.com`;
    const status =
      i <= 2
        ? 'ACTIVE'
        : rng.weighted([
            ['ACTIVE', 92],
            ['SUSPENDED', 5],
            ['CLOSED', 3],
          ] as const);
    const regDate = anchorDate(-rng.int(90, 6500));
    const ceo = randomPersonName(rng);
    companies.push({
      compNo,
      compNameKr,
      compNameEn,
      taxNo,
      taxNo2: formatBusinessNumber(taxNo),
      ceoName: ceo.hname,
      bizType,
      bizItem,
      zipCode: zip,
      address: `${street} ${rng.int(1, 250)}${rng.chance(0.4) ? `, ${rng.int(1, 12)}층` : ''}`,
      phoneNo: `${area}-${rng.int(200, 899)}-${pad(rng.int(0, 9999), 4)}`,
      faxNo: rng.chance(0.8) ? `${area}-${rng.int(200, 899)}-${pad(rng.int(0, 9999), 4)}` : null,
      email: `sales@${domain}`,
      homepage: rng.chance(0.7) ? `https://www.${domain}` : null,
      bankCode: rng.pick(BANKS)[0],
      bankAccount: `${pad(rng.int(100, 999), 3)}-${pad(rng.int(0, 999999), 6)}-${pad(rng.int(0, 99), 2)}-${pad(rng.int(0, 999), 3)}`,
      status,
      forwardYn: i === 1 ? 'Y' : i === 2 ? 'N' : rng.chance(0.85) ? 'Y' : 'N',
      councilYn: i === 1 || rng.chance(0.25) ? 'Y' : 'N',
      regDate,
      createdAt: `${regDate}T10:00:00+09:00`,
      updatedAt: `${regDate}T10:00:00+09:00`,
    });
    profiles.push({
      compNo,
      categories: TRADE_CATEGORIES[tradeKo] ?? ['MRO'],
      tradesJpy: i > 2 && JPY_TRADES.has(tradeKo) && rng.chance(0.35),
      active: status === 'ACTIVE',
    });

    const contactCount = rng.int(1, 3);
    for (let seq = 1; seq <= contactCount; seq++) {
      const p = randomPersonName(rng);
      contacts.push({
        compNo,
        seq,
        name: p.hname,
        deptName: rng.pick(CONTACT_DEPTS),
        positionNm: rng.pick(CONTACT_POSITIONS),
        phoneNo: `${area}-${rng.int(200, 899)}-${pad(rng.int(0, 9999), 4)}`,
        cellPhoneNo: cellPhone(rng),
        email: `${p.handle}@${domain}`,
        mainYn: seq === 1 ? 'Y' : 'N',
      });
    }

    if (status !== 'ACTIVE') continue;
    // The first user of a company is its administrator (61); the others are plain users (60).
    const ids: Array<readonly [string, '60' | '61']> =
      i === 1
        ? [
            ['supplier1adm', '61'],
            ['supplier1', '60'],
            ['c00001u3', '60'],
          ]
        : i === 2
          ? [
              ['c00002u1', '61'],
              ['supplier2', '60'],
            ]
          : Array.from(
              { length: rng.int(2, 3) },
              (_, k) => [`${compNo.toLowerCase()}u${k + 1}`, k === 0 ? '61' : '60'] as const,
            );
    for (const [userId, authGroupId] of ids) {
      const demo = DEMO_SUPPLIER_USERS.find((u) => u.userId === userId);
      const p = demo
        ? { hname: demo.hname, ename: demo.ename, handle: demo.ename.toLowerCase().split(' ').join('.') }
        : randomPersonName(rng);
      users.push({
        userId,
        compNo,
        hname: p.hname,
        ename: p.ename,
        email: `${userId}@${domain}`,
        cellPhoneNo: cellPhone(rng),
        phoneNo: `${area}-${rng.int(200, 899)}-${pad(rng.int(0, 9999), 4)}`,
        authGroupId,
      });
    }
  }
  return { companies, contacts, users, profiles };
}
