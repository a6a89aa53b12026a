/**
 * The demo accounts printed at start-up. Internal ones are employees (see DEMO_EMPLOYEES);
 * external ones are users of the first two supplier companies. All share DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'Gpms!2345';

export interface DemoAccount {
  userId: string;
  portal: 'I' | 'X';
  authGroupId: string;
  compNo?: string;
  description: string;
}

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  {
    userId: 'admin',
    portal: 'I',
    authGroupId: '99',
    description: '시스템관리자 (system administrator): every internal menu',
  },
  {
    userId: 'opadmin',
    portal: 'I',
    authGroupId: '50',
    description: '기본관리자 (default administrator): every internal menu',
  },
  {
    userId: 'tfadmin',
    portal: 'I',
    authGroupId: '10',
    description: 'TF관리자 (TF administrator): purchasing, suppliers, evaluation, items',
  },
  {
    userId: 'operator',
    portal: 'I',
    authGroupId: '20',
    description: '운영자 (operator): purchasing, warehousing and settlement; the rest read-only',
  },
  {
    userId: 'buyer',
    portal: 'I',
    authGroupId: '30',
    description: '사용자 (user): purchase requests, receipts, reports, boards',
  },
  { userId: 'uadmin1', portal: 'I', authGroupId: '31', description: '사용자관리자1 (user admin 1): team scope' },
  { userId: 'uadmin2', portal: 'I', authGroupId: '32', description: '사용자관리자2 (user admin 2): section scope' },
  {
    userId: 'uadmin3',
    portal: 'I',
    authGroupId: '33',
    description: '사용자관리자3 (user admin 3): may pick any person',
  },
  {
    userId: 'monitor',
    portal: 'I',
    authGroupId: '40',
    description: '모니터링 (monitoring): every internal menu, read-only',
  },
  {
    userId: 'supplier1',
    portal: 'X',
    authGroupId: '60',
    compNo: 'C00001',
    description: '협력사사용자 (supplier user) of C00001, FORWARD_YN=Y',
  },
  {
    userId: 'supplier1adm',
    portal: 'X',
    authGroupId: '61',
    compNo: 'C00001',
    description: '협력사관리자 (supplier admin) of C00001',
  },
  {
    userId: 'supplier2',
    portal: 'X',
    authGroupId: '60',
    compNo: 'C00002',
    description: '협력사사용자 (supplier user) of C00002, FORWARD_YN=N',
  },
];

/** The employee behind each internal demo account: where it sits decides what its searches prefill. */
export interface DemoEmployee {
  userId: string;
  singleid: string;
  hname: string;
  ename: string;
  deptcd: string;
  position: string;
}

export const DEMO_EMPLOYEES: ReadonlyArray<DemoEmployee> = [
  { userId: 'admin', singleid: 'E000001', hname: '이정민', ename: 'Jungmin Lee', deptcd: 'D1310', position: '40' },
  { userId: 'opadmin', singleid: 'E000002', hname: '박성호', ename: 'Sungho Park', deptcd: 'D1210', position: '50' },
  { userId: 'tfadmin', singleid: 'E000003', hname: '최유진', ename: 'Yujin Choi', deptcd: 'D1250', position: '30' },
  { userId: 'operator', singleid: 'E000004', hname: '김민수', ename: 'Minsu Kim', deptcd: 'D1240', position: '20' },
  { userId: 'buyer', singleid: 'E000005', hname: '정수빈', ename: 'Subin Jung', deptcd: 'D1220', position: '20' },
  { userId: 'uadmin1', singleid: 'E000006', hname: '강동현', ename: 'Donghyun Kang', deptcd: 'D2110', position: '50' },
  { userId: 'uadmin2', singleid: 'E000007', hname: '윤지은', ename: 'Jieun Yoon', deptcd: 'D2130', position: '40' },
  { userId: 'uadmin3', singleid: 'E000008', hname: '한상우', ename: 'Sangwoo Han', deptcd: 'D3110', position: '50' },
  { userId: 'monitor', singleid: 'E000009', hname: '오혜진', ename: 'Hyejin Oh', deptcd: 'D1410', position: '30' },
];

/** Supplier-side people of the external demo accounts (OTP needs both a cell phone and an e-mail). */
export const DEMO_SUPPLIER_USERS: ReadonlyArray<{ userId: string; hname: string; ename: string }> = [
  { userId: 'supplier1', hname: '서재훈', ename: 'Jaehoon Seo' },
  { userId: 'supplier1adm', hname: '문미경', ename: 'Mikyung Moon' },
  { userId: 'supplier2', hname: '송태현', ename: 'Taehyun Song' },
];
