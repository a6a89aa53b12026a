import type { Kysely } from 'kysely';
import type { Database } from '../schema.generated.js';
import { insertAll } from './insert.js';
import { anchorDate, kstTimestamp } from './rng.js';

type Post = {
  board: 'NOTICE' | 'FAQ' | 'CYBER';
  category?: string;
  title: string;
  body: string;
  pinned?: 'Y' | 'N';
  showFrom?: string;
  showTo?: string;
  days: number;
};

/** A handful of posts on each board (notices, FAQ by category, supplier notices), fixed text and dates. */
const POSTS: readonly Post[] = [
  {
    board: 'NOTICE',
    title: '구매시스템 정기 점검 안내',
    body: '매월 첫째 주 일요일 02:00~06:00에 정기 점검이 있습니다.\n점검 중에는 로그인할 수 없습니다.',
    pinned: 'Y',
    days: -40,
  },
  { board: 'NOTICE', title: '연말 결산 일정 안내', body: '12월 입고 요청은 12월 20일까지 등록해 주세요.', days: -20 },
  {
    board: 'NOTICE',
    title: '결재선 변경 안내',
    body: '11월부터 1천만원 이상 구매요청은 부문장 결재가 추가됩니다.',
    days: -5,
  },
  {
    board: 'FAQ',
    category: '로그인',
    title: '비밀번호를 5번 틀려 계정이 잠겼습니다.',
    body: '시스템관리자에게 잠금 해제를 요청하세요. 포털관리 › 사용자 권한관리에서 해제할 수 있습니다.',
    days: -60,
  },
  {
    board: 'FAQ',
    category: '로그인',
    title: '협력사 로그인 인증번호가 오지 않습니다.',
    body: '인증번호는 3분 동안 유효합니다. 휴대폰 번호가 등록되어 있는지 회사 관리자에게 확인하세요.',
    days: -59,
  },
  {
    board: 'FAQ',
    category: '구매요청',
    title: '구매요청을 수정하려면 어떻게 하나요?',
    body: '작성 중 상태의 구매요청만 수정할 수 있습니다. 결재 중이면 회수한 뒤 수정하세요.',
    days: -58,
  },
  {
    board: 'FAQ',
    category: '구매요청',
    title: '품목 코드를 모를 때는?',
    body: '품목 검색 팝업에서 품목명 일부로 찾을 수 있습니다.',
    days: -57,
  },
  {
    board: 'FAQ',
    category: '입고/정산',
    title: '입고 요청 후 정산은 언제 되나요?',
    body: '매월 말 입고 확정분이 다음 달 정산에 포함됩니다.',
    days: -56,
  },
  {
    board: 'CYBER',
    title: '협력사 포털 이용 안내',
    body: '견적, 납품, 정산 조회를 협력사 포털에서 할 수 있습니다.',
    pinned: 'Y',
    showFrom: anchorDate(-90),
    days: -90,
  },
  {
    board: 'CYBER',
    title: '세금계산서 발행 기한 안내',
    body: '정산 확정 후 5영업일 안에 세금계산서를 발행해 주세요.',
    showFrom: anchorDate(-30),
    days: -30,
  },
];

function buildBoardPosts() {
  return POSTS.map((p) => ({
    board: p.board,
    category: p.category ?? null,
    title: p.title,
    body: p.body,
    pinned: p.pinned ?? 'N',
    showFrom: p.showFrom ?? null,
    showTo: p.showTo ?? null,
    createdBy: 'admin',
    updatedBy: 'admin',
    createdAt: kstTimestamp(anchorDate(p.days), 9),
    updatedAt: kstTimestamp(anchorDate(p.days), 9),
  }));
}

export async function insertBoardPosts(trx: Kysely<Database>): Promise<void> {
  await insertAll(trx, 'boardPost', buildBoardPosts());
}
