/**
 * Fixture WidgetServices with a believable Korean company (the same sections, departments and
 * demo employees the server seeds), for widget stories and tests and for the engine's stories.
 * Every call is answered from memory; `delayMs` makes the answers asynchronous like a network.
 */
import { businessNumberCheckDigit, formatBusinessNumber } from '../../lib/business-number';
import { createFixtureContract, type FixtureContract } from './fixture-contract';
import type {
  BusinessSection,
  CodeOption,
  DepartmentRow,
  FileGroup,
  FileInfo,
  LoginData,
  PersonRow,
  ServiceError,
  SgOption,
  WidgetServices,
} from '../services';

const FIXTURE_SECTIONS: readonly BusinessSection[] = [
  { topDept: 'D1000', sectionName: '본사' },
  { topDept: 'D2000', sectionName: '생산부문' },
  { topDept: 'D3000', sectionName: '연구소' },
  { topDept: 'D4000', sectionName: '해외사업부문' },
  { topDept: 'D5000', sectionName: '서비스부문' },
  { topDept: 'D6000', sectionName: '물류부문' },
];

const DEPT_DEFS: ReadonlyArray<readonly [deptcd: string, topDept: string, indept: string, deptnm: string]> = [
  ['D1110', 'D1000', 'D1100', '인사팀'],
  ['D1120', 'D1000', 'D1100', '총무팀'],
  ['D1130', 'D1000', 'D1100', '재무팀'],
  ['D1210', 'D1000', 'D1200', '구매기획팀'],
  ['D1220', 'D1000', 'D1200', '구매1팀'],
  ['D1230', 'D1000', 'D1200', '구매2팀'],
  ['D1240', 'D1000', 'D1200', '구매운영팀'],
  ['D1250', 'D1000', 'D1200', '구매혁신TF'],
  ['D1310', 'D1000', 'D1300', '정보전략팀'],
  ['D1320', 'D1000', 'D1300', 'IT운영팀'],
  ['D1410', 'D1000', 'D1400', '감사팀'],
  ['D2110', 'D2000', 'D2100', '생산1팀'],
  ['D2120', 'D2000', 'D2100', '생산2팀'],
  ['D2130', 'D2000', 'D2100', '품질관리팀'],
  ['D2140', 'D2000', 'D2100', '설비보전팀'],
  ['D2210', 'D2000', 'D2200', '생산3팀'],
  ['D2230', 'D2000', 'D2200', '자재팀'],
  ['D3110', 'D3000', 'D3100', '소재연구팀'],
  ['D3120', 'D3000', 'D3100', '회로설계팀'],
  ['D3210', 'D3000', 'D3200', '기구설계팀'],
  ['D3220', 'D3000', 'D3200', '소프트웨어개발팀'],
  ['D3230', 'D3000', 'D3200', '시험분석팀'],
  ['D4110', 'D4000', 'D4100', '미주영업팀'],
  ['D4120', 'D4000', 'D4100', '유럽영업팀'],
  ['D4130', 'D4000', 'D4100', '아시아영업팀'],
  ['D5110', 'D5000', 'D5100', 'CS기획팀'],
  ['D5120', 'D5000', 'D5100', '수도권서비스팀'],
  ['D6110', 'D6000', 'D6100', '입출고팀'],
  ['D6120', 'D6000', 'D6100', '배송팀'],
  ['D6130', 'D6000', 'D6100', '창고관리팀'],
];

const sectionNameOf = (topDept: string) => FIXTURE_SECTIONS.find((s) => s.topDept === topDept)?.sectionName ?? topDept;

const FIXTURE_DEPARTMENTS: readonly DepartmentRow[] = DEPT_DEFS.map(([deptcd, topDept, indept, deptnm]) => ({
  yyyymm: '202611',
  deptcd,
  topDept,
  indept,
  sectionName: sectionNameOf(topDept),
  deptnm,
}));

const POSITION_NAMES: Record<string, string> = { '10': '사원', '20': '대리', '30': '과장', '40': '차장', '50': '부장' };

const PEOPLE_DEFS: ReadonlyArray<
  readonly [singleid: string, hname: string, ename: string, deptcd: string, position: string]
> = [
  ['E000001', '이정민', 'Jungmin Lee', 'D1310', '40'],
  ['E000002', '박성호', 'Sungho Park', 'D1210', '50'],
  ['E000003', '최유진', 'Yujin Choi', 'D1250', '30'],
  ['E000004', '김민수', 'Minsu Kim', 'D1240', '20'],
  ['E000005', '정수빈', 'Subin Jung', 'D1220', '20'],
  ['E000006', '강동현', 'Donghyun Kang', 'D2110', '50'],
  ['E000007', '윤지은', 'Jieun Yoon', 'D2130', '40'],
  ['E000008', '한상우', 'Sangwoo Han', 'D3110', '50'],
  ['E000009', '오혜진', 'Hyejin Oh', 'D1410', '30'],
  ['E000010', '김민지', 'Minji Kim', 'D1220', '10'],
  ['E000011', '김민준', 'Minjun Kim', 'D2110', '30'],
  ['E000012', '이서연', 'Seoyeon Lee', 'D3220', '20'],
  ['E000013', '박지훈', 'Jihoon Park', 'D1230', '30'],
  ['E000014', '최수아', 'Sua Choi', 'D2130', '10'],
  ['E000015', '김도윤', 'Doyun Kim', 'D4110', '40'],
  ['E000016', '정하은', 'Haeun Jung', 'D5120', '20'],
  ['E000017', '강서준', 'Seojun Kang', 'D6110', '30'],
  ['E000018', '윤예린', 'Yerin Yoon', 'D1130', '20'],
  ['E000019', '임재현', 'Jaehyun Lim', 'D3110', '40'],
  ['E000020', '한지우', 'Jiwoo Han', 'D1310', '10'],
];

const SITES: Record<string, string> = {
  D1000: '서울본사',
  D2000: '구미공장',
  D3000: '대전연구소',
  D4000: '서울본사',
  D5000: '서울본사',
  D6000: '부산물류센터',
};

const FIXTURE_PEOPLE: readonly PersonRow[] = PEOPLE_DEFS.map(([singleid, hname, ename, deptcd, position], i) => {
  const dept = FIXTURE_DEPARTMENTS.find((d) => d.deptcd === deptcd)!;
  return {
    singleid,
    hname,
    ename,
    section: dept.topDept,
    sectionName: dept.sectionName,
    deptcd,
    deptnm: dept.deptnm,
    position,
    positionNm: POSITION_NAMES[position] ?? position,
    inDeptCode: dept.indept,
    site: SITES[dept.topDept] ?? null,
    telNo: `02-3400-${String(1000 + i * 7).padStart(4, '0')}`,
    email: `${ename.toLowerCase().replace(/\s+/g, '.')}@gpms.example.com`,
    appChk: 'Y',
    status: 'ACTIVE',
    statusDt: null,
    auth: null,
    sessionId: null,
    loginIp: null,
    authGroupId: null,
    useFlag: 'Y',
  };
});

/** A valid business registration number from nine digits (check digit by the NTS rule). */
const bizNo = (first9: string) => formatBusinessNumber(first9 + String(businessNumberCheckDigit(first9)));

export interface FixtureCompany {
  compNo: string;
  compNameKr: string;
  taxNo2: string;
}

const FIXTURE_COMPANIES: readonly FixtureCompany[] = [
  { compNo: 'C00001', compNameKr: '㈜한빛정밀', taxNo2: bizNo('124815678') },
  { compNo: 'C00002', compNameKr: '대성전자 주식회사', taxNo2: bizNo('214863402') },
  { compNo: 'C00003', compNameKr: '(주)동양포장', taxNo2: bizNo('305812219') },
  { compNo: 'C00004', compNameKr: '세진금속㈜', taxNo2: bizNo('617811530') },
  { compNo: 'C00005', compNameKr: '미래테크', taxNo2: bizNo('120271144') },
  { compNo: 'C00006', compNameKr: '㈜한빛전자', taxNo2: bizNo('129864471') },
  { compNo: 'C00007', compNameKr: '우진산업(주)', taxNo2: bizNo('502817766') },
];

const digitsOnly = (s: string) => s.replace(/[^0-9]/g, '');

/** The company popup's `search` for stories and tests: name part, company code or business number. */
export async function searchFixtureCompanies(query: string): Promise<FixtureCompany[]> {
  const q = query.trim();
  if (q === '') return [...FIXTURE_COMPANIES];
  const digits = digitsOnly(q);
  return FIXTURE_COMPANIES.filter(
    (c) =>
      c.compNameKr.includes(q) ||
      c.compNo.toUpperCase() === q.toUpperCase() ||
      (digits.length >= 3 && digitsOnly(c.taxNo2).startsWith(digits)),
  );
}

const SG_CHILDREN: Readonly<Record<string, readonly SgOption[]>> = {
  '': [
    { SG_CODE: 'SGD', SG_NAME: '직접재' },
    { SG_CODE: 'SGI', SG_NAME: '간접재' },
    { SG_CODE: 'SGC', SG_NAME: '설비/투자' },
  ],
  SGD: [
    { SG_CODE: 'SGD-ELC', SG_NAME: '전자부품' },
    { SG_CODE: 'SGD-RAW', SG_NAME: '원자재' },
    { SG_CODE: 'SGD-PKG', SG_NAME: '포장재' },
  ],
  SGI: [
    { SG_CODE: 'SGI-MRO', SG_NAME: 'MRO 소모품' },
    { SG_CODE: 'SGI-OFC', SG_NAME: '사무용품' },
    { SG_CODE: 'SGI-ITE', SG_NAME: 'IT장비' },
  ],
  SGC: [{ SG_CODE: 'SGC-FAC', SG_NAME: '설비부품' }],
  'SGD-ELC': [
    { SG_CODE: 'SGD-ELC01', SG_NAME: '수동소자' },
    { SG_CODE: 'SGD-ELC02', SG_NAME: '반도체' },
    { SG_CODE: 'SGD-ELC03', SG_NAME: '기구/접속부품' },
  ],
  'SGD-RAW': [
    { SG_CODE: 'SGD-RAW01', SG_NAME: '금속' },
    { SG_CODE: 'SGD-RAW02', SG_NAME: '수지/고무' },
  ],
  'SGD-PKG': [{ SG_CODE: 'SGD-PKG01', SG_NAME: '박스/완충재' }],
  'SGI-MRO': [
    { SG_CODE: 'SGI-MRO01', SG_NAME: '체결부품' },
    { SG_CODE: 'SGI-MRO02', SG_NAME: '공구' },
    { SG_CODE: 'SGI-MRO03', SG_NAME: '안전용품' },
  ],
  'SGI-OFC': [
    { SG_CODE: 'SGI-OFC01', SG_NAME: '문구' },
    { SG_CODE: 'SGI-OFC02', SG_NAME: '용지' },
  ],
  'SGI-ITE': [{ SG_CODE: 'SGI-ITE01', SG_NAME: '컴퓨터' }],
  'SGC-FAC': [{ SG_CODE: 'SGC-FAC01', SG_NAME: '공압/유압' }],
  'SGD-ELC01': [
    { SG_CODE: 'SGD-ELC0101-D', SG_NAME: '저항 (국내)' },
    { SG_CODE: 'SGD-ELC0101-I', SG_NAME: '저항 (수입)' },
    { SG_CODE: 'SGD-ELC0102-D', SG_NAME: '커패시터 (국내)' },
  ],
  'SGD-ELC02': [
    { SG_CODE: 'SGD-ELC0201-D', SG_NAME: 'MCU (국내)' },
    { SG_CODE: 'SGD-ELC0201-I', SG_NAME: 'MCU (수입)' },
  ],
  'SGI-MRO01': [
    { SG_CODE: 'SGI-MRO0101-D', SG_NAME: '볼트/너트 (국내)' },
    { SG_CODE: 'SGI-MRO0102-D', SG_NAME: '와셔 (국내)' },
  ],
};

/** Level-4 options of a level-3 group the table above does not list. */
function genericLeaves(parent: string): SgOption[] {
  return [
    { SG_CODE: `${parent}01-D`, SG_NAME: '일반 (국내)' },
    { SG_CODE: `${parent}01-I`, SG_NAME: '일반 (수입)' },
  ];
}

export const FIXTURE_CODES: Readonly<Record<string, readonly CodeOption[]>> = {
  PO_STATUS: [
    { value: 'DRAFT', text: '작성중' },
    { value: 'IN_APPROVAL', text: '결재중' },
    { value: 'APPROVED', text: '결재완료' },
    { value: 'SENT', text: '발주전송' },
    { value: 'ACKNOWLEDGED', text: '발주확인' },
    { value: 'PARTLY_DELIVERED', text: '부분납품' },
    { value: 'DELIVERED', text: '납품완료' },
    { value: 'CLOSED', text: '종결' },
    { value: 'CANCELLED', text: '취소' },
  ],
  APPROVAL_STATUS: [
    { value: 'NONE', text: '미상신' },
    { value: 'PENDING', text: '결재대기' },
    { value: 'IN_PROGRESS', text: '결재진행' },
    { value: 'APPROVED', text: '승인' },
    { value: 'REJECTED', text: '반려' },
  ],
  WH_STATUS: [
    { value: 'REQUESTED', text: '입고요청' },
    { value: 'APPROVED', text: '입고승인' },
    { value: 'DECIDED', text: '최종확정' },
    { value: 'CANCELLED', text: '취소' },
  ],
  PO_TYPE: [
    { value: 'PO', text: '일반발주' },
    { value: 'SIMPLE', text: '소액발주' },
  ],
  CURRENCY: [
    { value: 'KRW', text: '원화(KRW)' },
    { value: 'JPY', text: '엔화(JPY)' },
  ],
  EMP_STATUS: [
    { value: 'ACTIVE', text: '재직' },
    { value: 'LEAVE', text: '휴직' },
    { value: 'RETIRED', text: '퇴직' },
  ],
};

/** Login data of the demo employees, by authority group (spec §6). auth 'A' is shown with group 20. */
export const FIXTURE_LOGINS: Readonly<Record<string, LoginData>> = {
  '99': {
    auth: 'S',
    authGroupId: '99',
    section: 'D1000',
    deptcd: 'D1310',
    deptnm: '정보전략팀',
    hname: '이정민',
    singleid: 'E000001',
  },
  '50': {
    auth: 'S',
    authGroupId: '50',
    section: 'D1000',
    deptcd: 'D1210',
    deptnm: '구매기획팀',
    hname: '박성호',
    singleid: 'E000002',
  },
  '20': {
    auth: 'U',
    authGroupId: '20',
    section: 'D1000',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    hname: '김민수',
    singleid: 'E000004',
  },
  '30': {
    auth: 'U',
    authGroupId: '30',
    section: 'D1000',
    deptcd: 'D1220',
    deptnm: '구매1팀',
    hname: '정수빈',
    singleid: 'E000005',
  },
  '31': {
    auth: 'U',
    authGroupId: '31',
    section: 'D2000',
    deptcd: 'D2110',
    deptnm: '생산1팀',
    hname: '강동현',
    singleid: 'E000006',
  },
  '32': {
    auth: 'U',
    authGroupId: '32',
    section: 'D2000',
    deptcd: 'D2130',
    deptnm: '품질관리팀',
    hname: '윤지은',
    singleid: 'E000007',
  },
  '33': {
    auth: 'U',
    authGroupId: '33',
    section: 'D3000',
    deptcd: 'D3110',
    deptnm: '소재연구팀',
    hname: '한상우',
    singleid: 'E000008',
  },
  A: {
    auth: 'A',
    authGroupId: '20',
    section: 'D1000',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    hname: '김민수',
    singleid: 'E000004',
  },
};

export const FIXTURE_FILE_GROUP_ID = 'F20241105-0001';

type FixtureOperation =
  | 'listBusinessSections'
  | 'listDepartments'
  | 'listPeople'
  | 'getCompanyName'
  | 'getSgCode'
  | 'uploadFiles'
  | 'listFiles'
  | 'deleteFile'
  | 'downloadFile';

export interface FixtureOptions {
  /** Milliseconds every answer takes (0: the next macrotask). */
  delayMs?: number;
  /** Login data (default: 김민수 E000004, group 20); null for none. */
  login?: LoginData | null;
  uploadLimitMb?: number;
  /** Milliseconds between upload progress steps (25 %, 50 %, 75 %, 100 %). */
  uploadStepMs?: number;
  /** Operations that fail, with the server's Korean message. */
  failures?: Partial<Record<FixtureOperation, string>>;
  /** Checks the answers against the OpenAPI response schemas (default: a contract of these services' own). */
  contract?: FixtureContract;
}

/**
 * Operations whose service answer is not the server's body (the real service unwraps it:
 * getCompanyName gives the name, downloadFile saves a file): their fixture answers are not checked.
 */
const NOT_THE_BODY: ReadonlySet<FixtureOperation> = new Set(['getCompanyName', 'downloadFile']);

export function fixtureServiceError(message: string, status = 500, code = 'FIXTURE_ERROR'): ServiceError {
  return Object.assign(new Error(message), { name: 'ServiceError', status, code, serverMessage: message });
}

function abortError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('업로드를 취소했습니다', 'AbortError')
    : Object.assign(new Error('aborted'), { name: 'AbortError' });
}

const contains = (haystack: string, needle: string | undefined) => !needle || haystack.includes(needle.trim());

/** Fresh fixture services (their file store is their own). */
export function createFixtureServices(options: FixtureOptions = {}): WidgetServices {
  const delayMs = options.delayMs ?? 0;
  const login = options.login === undefined ? FIXTURE_LOGINS['20'] : options.login;
  const failures = options.failures ?? {};
  const stepMs = options.uploadStepMs ?? 0;
  const contract = options.contract ?? createFixtureContract();
  const checked = <T>(op: FixtureOperation, body: T): T => {
    if (!NOT_THE_BODY.has(op)) contract.check(op, body);
    return body;
  };
  const files = new Map<string, FileInfo[]>([
    [
      FIXTURE_FILE_GROUP_ID,
      [
        {
          fileId: FIXTURE_FILE_GROUP_ID,
          seq: 1,
          originalName: '견적서_한빛정밀_2024.pdf',
          sizeBytes: 251_904,
          mimeType: 'application/pdf',
          createdAt: '2024-11-05T01:20:00.000Z',
        },
        {
          fileId: FIXTURE_FILE_GROUP_ID,
          seq: 2,
          originalName: '품목사양서.xlsx',
          sizeBytes: 48_213,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          createdAt: '2024-11-05T01:21:00.000Z',
        },
      ],
    ],
  ]);
  let nextGroup = 1;

  const answer = async <T>(op: FixtureOperation, produce: () => T): Promise<T> => {
    await new Promise((r) => setTimeout(r, delayMs));
    const failure = failures[op];
    if (failure !== undefined) throw fixtureServiceError(failure);
    return checked(op, produce());
  };
  const group = (fileId: string): FileGroup => ({ fileId, files: [...(files.get(fileId) ?? [])] });

  return {
    listBusinessSections: ({ selectOption }) =>
      answer('listBusinessSections', () => FIXTURE_SECTIONS.filter((s) => contains(s.sectionName, selectOption))),
    listDepartments: ({ sectionName, deptnm, searchOption }) =>
      answer('listDepartments', () =>
        FIXTURE_DEPARTMENTS.filter(
          (d) =>
            (!sectionName || d.sectionName === sectionName.trim() || d.topDept === sectionName.trim()) &&
            (!deptnm ||
              d.deptcd === deptnm.trim().toUpperCase() ||
              (searchOption === 'EQ' ? d.deptnm === deptnm.trim() : d.deptnm.includes(deptnm.trim()))),
        ),
      ),
    listPeople: ({ hname, singleid, sectionName, deptcd }) =>
      answer('listPeople', () =>
        FIXTURE_PEOPLE.filter(
          (p) =>
            contains(p.hname, hname) &&
            (!singleid || p.singleid === singleid.trim()) &&
            (!sectionName || p.sectionName === sectionName || p.section === sectionName) &&
            (!deptcd || p.deptcd === deptcd),
        ),
      ),
    getCompanyName: (code) =>
      answer('getCompanyName', () => {
        const c = code.trim().toUpperCase();
        const digits = digitsOnly(c);
        const found = FIXTURE_COMPANIES.find(
          (x) => x.compNo === c || (digits.length === 10 && digitsOnly(x.taxNo2) === digits),
        );
        return found?.compNameKr ?? null;
      }),
    getSgCode: (level, parent) =>
      answer('getSgCode', () => {
        if (level === '001') return [...SG_CHILDREN['']];
        const p = parent ?? '';
        if (p === '')
          throw fixtureServiceError(
            `${Number(level)}단계 소싱그룹을 조회하려면 상위 코드(UP_LEVEL)가 필요합니다`,
            400,
            'SG_PARENT_REQUIRED',
          );
        return [...(SG_CHILDREN[p] ?? (level === '004' ? genericLeaves(p) : []))];
      }),
    uploadFiles: async (list, { fileId, onProgress, signal }) => {
      const failure = failures.uploadFiles;
      for (const fraction of [0.25, 0.5, 0.75, 1]) {
        if (signal?.aborted) throw abortError();
        await new Promise((r) => setTimeout(r, stepMs));
        if (signal?.aborted) throw abortError();
        onProgress?.(fraction);
      }
      if (failure !== undefined) throw fixtureServiceError(failure, 413, 'FILE_TOO_LARGE');
      const id = fileId ?? `F-NEW-${String(nextGroup++).padStart(4, '0')}`;
      const existing = files.get(id) ?? [];
      let seq = existing.reduce((m, f) => Math.max(m, f.seq), 0);
      const added = list.map((f) => ({
        fileId: id,
        seq: ++seq,
        originalName: f.name,
        sizeBytes: f.size,
        mimeType: f.type || 'application/octet-stream',
        createdAt: new Date().toISOString(),
      }));
      files.set(id, [...existing, ...added]);
      return checked('uploadFiles', group(id));
    },
    listFiles: (fileId) => answer('listFiles', () => group(fileId)),
    deleteFile: (fileId, seq) =>
      answer('deleteFile', () => {
        files.set(
          fileId,
          (files.get(fileId) ?? []).filter((f) => f.seq !== seq),
        );
        return group(fileId);
      }),
    downloadFile: (fileId, seq) =>
      answer('downloadFile', () => {
        if (!files.has(fileId) || (seq !== undefined && !files.get(fileId)!.some((f) => f.seq === seq)))
          throw fixtureServiceError(`파일이 없습니다: ${fileId}`, 404, 'FILE_NOT_FOUND');
      }),
    downloadUrl: (fileId, seq) =>
      seq === undefined
        ? `/api/v1/cmmn/file/${encodeURIComponent(fileId)}/download`
        : `/api/v1/cmmn/file/${encodeURIComponent(fileId)}/${seq}/wsdownload`,
    codes: (group) => [...(FIXTURE_CODES[group] ?? [])],
    loginData: () => login,
    uploadLimitMb: () => options.uploadLimitMb ?? 10,
  };
}
