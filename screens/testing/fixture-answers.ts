/**
 * Fixture answers for the screens' operations: a small believable data set (the same shapes the
 * server answers), used by the generated stories and by tests. Writes change the in-memory data
 * and answer like the server (versions, field errors, 409 on a stale version).
 */
import { OperationError, type OperationInput } from '../../engine/services';
import { pagedAnswer, type FixtureHandler } from '../../engine/testing/fixture-engine-services';

type Row = Record<string, unknown>;

const MESSAGES: Row[] = [
  ['AUTH011', 'auth', '비밀번호가 올바르지 않습니다.', 'The password is incorrect.'],
  [
    'AUTH102',
    'auth',
    '잠긴 계정입니다. 관리자에게 문의하세요.',
    'This account is locked. Please contact the administrator.',
  ],
  ['GPMS005', 'auth', '로그인이 필요합니다.', 'You need to log in.'],
  ['http.400', 'http', '잘못된 요청입니다.', 'Invalid request.'],
  ['http.403', 'http', '권한이 없습니다.', 'Authorization failed: you have no access right.'],
  ['http.500', 'http', '서버 내부 오류입니다.', 'Internal server error.'],
  ['ui.search', 'ui', '조회', 'Search'],
  ['ui.reset', 'ui', '초기화', 'Reset'],
  ['ui.save', 'ui', '저장', 'Save'],
  ['ui.excelExport', 'ui', '엑셀 다운로드', 'Export to Excel'],
  ['ui.noData', 'ui', '조회된 데이터가 없습니다.', 'No data found.'],
  ['validation.required', 'validation', '필수 입력 항목입니다.', 'This field is required.'],
  ['validation.date', 'validation', '날짜 형식(YYYY-MM-DD)이 올바르지 않습니다.', 'Enter a date as YYYY-MM-DD.'],
].map(([msgKey, category, textKo, textEn], i) => ({
  msgKey,
  category,
  textKo,
  textEn,
  updatedAt: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T0${i % 9}:30:00.000Z`,
  version: 1,
}));

const GROUPS: Row[] = [
  ['PO_STATUS', '발주 상태', 'PO status', 10],
  ['WH_STATUS', '입고 상태', 'Receipt status', 20],
  ['APPROVAL_STATUS', '결재 상태', 'Approval status', 30],
  ['USE_YN', '사용여부', 'In use', 40],
  ['CURRENCY', '통화', 'Currency', 50],
].map(([groupId, nameKo, nameEn, sortOrder]) => ({
  groupId,
  nameKo,
  nameEn,
  description: null,
  sortOrder,
  useYn: 'Y',
  codeCount: 0,
  version: 1,
}));

const CODES: Row[] = [
  ['PO_STATUS', 'DRAFT', '작성중', 'Draft'],
  ['PO_STATUS', 'IN_APPROVAL', '결재중', 'In approval'],
  ['PO_STATUS', 'APPROVED', '결재완료', 'Approved'],
  ['PO_STATUS', 'SENT', '발주전송', 'Sent'],
  ['PO_STATUS', 'CLOSED', '종결', 'Closed'],
  ['WH_STATUS', 'REQUESTED', '입고요청', 'Requested'],
  ['WH_STATUS', 'APPROVED', '입고승인', 'Approved'],
  ['WH_STATUS', 'DECIDED', '최종확정', 'Decided'],
  ['APPROVAL_STATUS', 'PENDING', '결재대기', 'Pending'],
  ['APPROVAL_STATUS', 'APPROVED', '승인', 'Approved'],
  ['APPROVAL_STATUS', 'REJECTED', '반려', 'Rejected'],
  ['USE_YN', 'Y', '사용', 'In use'],
  ['USE_YN', 'N', '미사용', 'Not in use'],
  ['CURRENCY', 'KRW', '원화', 'Korean won', '₩'],
  ['CURRENCY', 'JPY', '엔화', 'Japanese yen', '¥'],
].map(([groupId, code, textKo, textEn, attr1], i) => ({
  groupId,
  code,
  textKo,
  textEn,
  attr1: attr1 ?? null,
  attr2: null,
  sortOrder: i + 1,
  useYn: 'Y',
  version: 1,
}));

const USERS: Row[] = [
  ['admin', 'I', '이정민', '99', '시스템관리자', null, '본사', '정보전략팀'],
  ['opadmin', 'I', '박성호', '50', '기본관리자', null, '본사', '구매기획팀'],
  ['buyer', 'I', '정수빈', '30', '사용자', null, '본사', '구매1팀'],
  ['operator', 'I', '김민수', '20', '운영자', null, '본사', '구매운영팀'],
  ['monitor', 'I', '오세훈', '40', '모니터링', null, '본사', '감사팀'],
  ['supplier1', 'X', '최영호', '60', '협력사사용자', '한빛정밀', null, null],
  ['supplier1adm', 'X', '서민정', '61', '협력사관리자', '한빛정밀', null, null],
  ['supplier2', 'X', '임재훈', '60', '협력사사용자', '대성산업', null, null],
].map(([userId, portal, hname, authGroupId, authGroupName, compNameKr, sectionName, deptnm], i) => ({
  userId,
  portal,
  hname,
  singleid: portal === 'I' ? `E00000${i + 1}` : null,
  compNo: compNameKr ? `C0000${i - 4}` : null,
  compNameKr,
  sectionName,
  deptnm,
  authGroupId,
  authGroupName,
  useFlag: 'Y',
  status: 'NORMAL',
  locked: userId === 'buyer',
  failedLoginCount: userId === 'buyer' ? 5 : 0,
  lastLoginAt: `2026-11-2${i % 3}T0${i}:15:00.000Z`,
  version: 1,
}));

const SESSIONS: Row[] = USERS.slice(0, 6).map((u, i) => ({
  sessionId: `S${String(1000 + i)}`,
  userId: u.userId,
  hname: u.hname,
  portal: u.portal,
  compNo: u.compNo,
  ip: `10.1.2.${10 + i}`,
  lastLoginIp: `10.1.2.${10 + i}`,
  lastLoginDate: '2026-11-21T23:10:00.000Z',
  createdDate: `2026-11-22T0${i}:05:00.000Z`,
  expiredDate: `2026-11-22T1${i}:05:00.000Z`,
  lastSeenAt: `2026-11-22T0${i}:45:00.000Z`,
  endedAt: i === 5 ? '2026-11-22T06:00:00.000Z' : null,
  endReason: i === 5 ? 'LOGOUT' : null,
  loginMethod: 'idpw',
}));

const AUTH_GROUPS = [
  ['99', '시스템관리자', 'System Administrator', 'I'],
  ['50', '기본관리자', 'Default Administrator', 'I'],
  ['20', '운영자', 'Operator', 'I'],
  ['30', '사용자', 'User', 'I'],
  ['40', '모니터링', 'Monitoring', 'I'],
  ['60', '협력사사용자', 'Supplier User', 'X'],
  ['61', '협력사관리자', 'Supplier Administrator', 'X'],
].map(([authGroupId, nameKo, nameEn, portal]) => ({ authGroupId, nameKo, nameEn, portal }));

const required = (body: Row, fields: string[], prefix = 'body') =>
  fields
    .filter((f) => typeof body[f] !== 'string' || (body[f] as string).trim() === '')
    .map((f) => ({ path: `${prefix}/${f}`, message: '필수 입력 항목입니다' }));

/** A fresh in-memory data set and its handlers (each story or test gets its own). */
export function createAdminFixtures() {
  const messages = MESSAGES.map((r) => ({ ...r }));
  const groups = GROUPS.map((r) => ({ ...r }));
  const codes = CODES.map((r) => ({ ...r }));
  const users = USERS.map((r) => ({ ...r }));
  const sessions = SESSIONS.map((r) => ({ ...r }));
  const countCodes = () => groups.forEach((g) => (g.codeCount = codes.filter((c) => c.groupId === g.groupId).length));
  countCodes();
  const stale = (current: number) =>
    new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
      currentVersion: current,
    });
  const path = (input: OperationInput, name: string) => String(input.path?.[name] ?? '');

  const answers: Record<string, FixtureHandler> = {
    listMessages: (input) =>
      pagedAnswer(messages, input, {
        match: (r, q) =>
          (!q.msgKey || String(r.msgKey).toLowerCase().startsWith(String(q.msgKey).toLowerCase())) &&
          (!q.text || `${r.textKo} ${r.textEn}`.toLowerCase().includes(String(q.text).toLowerCase())) &&
          (!q.category || r.category === q.category),
      }),
    getMessage: (input) => {
      const m = messages.find((r) => r.msgKey === path(input, 'msgKey'));
      if (!m) throw new OperationError(404, 'MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      return m;
    },
    createMessage: (input) => {
      const b = input.body as Row;
      const problems = required(b, ['textKo', 'textEn']);
      if (problems.length) throw new OperationError(400, 'VALIDATION', '필수 입력 항목을 확인하세요', problems);
      if (messages.some((m) => m.msgKey === b.msgKey))
        throw new OperationError(409, 'DUPLICATE_KEY', '이미 등록된 메시지 키입니다', [
          { path: 'body/msgKey', message: '이미 등록된 메시지 키입니다' },
        ]);
      const row = {
        msgKey: b.msgKey,
        category: b.category,
        textKo: b.textKo,
        textEn: b.textEn,
        updatedAt: new Date().toISOString(),
        version: 1,
      };
      messages.push(row);
      return row;
    },
    updateMessage: (input) => {
      const m = messages.find((r) => r.msgKey === path(input, 'msgKey'));
      const b = input.body as Row;
      if (!m) throw new OperationError(404, 'MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      const problems = required(b, ['textKo', 'textEn']);
      if (problems.length) throw new OperationError(400, 'VALIDATION', '필수 입력 항목을 확인하세요', problems);
      if (m.version !== b.version) throw stale(m.version as number);
      Object.assign(m, {
        category: b.category,
        textKo: b.textKo,
        textEn: b.textEn,
        version: (m.version as number) + 1,
        updatedAt: new Date().toISOString(),
      });
      return m;
    },
    deleteMessage: (input) => {
      const i = messages.findIndex((r) => r.msgKey === path(input, 'msgKey'));
      if (i < 0) throw new OperationError(404, 'MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      if (messages[i].version !== Number(input.query?.version)) throw stale(messages[i].version as number);
      messages.splice(i, 1);
      return { code: 'OK' };
    },
    listCodeGroups: (input) => {
      countCodes();
      return pagedAnswer(groups, input, {
        match: (r, q) =>
          (!q.q || `${r.groupId} ${r.nameKo} ${r.nameEn}`.toLowerCase().includes(String(q.q).toLowerCase())) &&
          (!q.useYn || r.useYn === q.useYn),
      });
    },
    getCodeGroup: (input) => groups.find((g) => g.groupId === path(input, 'groupId')),
    createCodeGroup: (input) => {
      const b = input.body as Row;
      const problems = required(b, ['nameKo', 'nameEn']);
      if (problems.length) throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', problems);
      if (groups.some((g) => g.groupId === b.groupId))
        throw new OperationError(409, 'DUPLICATE_KEY', '이미 등록된 코드 그룹입니다', [
          { path: 'body/groupId', message: '이미 등록된 코드 그룹입니다' },
        ]);
      const row = {
        groupId: b.groupId,
        nameKo: b.nameKo,
        nameEn: b.nameEn,
        description: b.description ?? null,
        sortOrder: b.sortOrder ?? 0,
        useYn: b.useYn ?? 'Y',
        codeCount: 0,
        version: 1,
      };
      groups.push(row);
      return row;
    },
    updateCodeGroup: (input) => {
      const g = groups.find((r) => r.groupId === path(input, 'groupId'))!;
      const b = input.body as Row;
      if (g.version !== b.version) throw stale(g.version as number);
      Object.assign(g, {
        nameKo: b.nameKo,
        nameEn: b.nameEn,
        description: b.description ?? g.description,
        sortOrder: b.sortOrder ?? g.sortOrder,
        useYn: b.useYn ?? g.useYn,
        version: (g.version as number) + 1,
      });
      return g;
    },
    deleteCodeGroup: (input) => {
      const id = path(input, 'groupId');
      if (codes.some((c) => c.groupId === id))
        throw new OperationError(
          409,
          'CODE_GROUP_NOT_EMPTY',
          '코드가 남아 있는 그룹은 삭제할 수 없습니다. 코드를 먼저 삭제하세요',
        );
      groups.splice(
        groups.findIndex((g) => g.groupId === id),
        1,
      );
      return { code: 'OK' };
    },
    listCodes: (input) =>
      pagedAnswer(
        codes.filter((c) => c.groupId === path(input, 'groupId')),
        { ...input, query: { sort: 'sortOrder:asc', ...input.query } },
      ),
    saveCodes: (input) => {
      const groupId = path(input, 'groupId');
      const b = input.body as { rows: Row[]; deleted?: Row[] };
      const problems = b.rows.flatMap((r, i) => required(r, ['textKo', 'textEn'], `body/rows/${i}`));
      if (problems.length) throw new OperationError(400, 'VALIDATION', '입력 값을 확인하세요', problems);
      for (const [i, r] of b.rows.entries()) {
        const existing = codes.find((c) => c.groupId === groupId && c.code === r.code);
        if (r.version === undefined && existing)
          throw new OperationError(409, 'DUPLICATE_KEY', '이미 등록된 코드가 있습니다', [
            { path: `body/rows/${i}/code`, message: '이미 등록된 코드입니다' },
          ]);
        if (r.version !== undefined && existing?.version !== r.version)
          throw new OperationError(409, 'VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다', [
            { path: `body/rows/${i}/code`, message: '다른 사용자가 먼저 변경했습니다' },
          ]);
      }
      for (const r of b.rows) {
        const existing = codes.find((c) => c.groupId === groupId && c.code === r.code);
        const values = {
          textKo: r.textKo,
          textEn: r.textEn,
          attr1: r.attr1 || null,
          attr2: r.attr2 || null,
          sortOrder: r.sortOrder ?? 0,
          useYn: r.useYn ?? 'Y',
        };
        if (existing) Object.assign(existing, values, { version: (existing.version as number) + 1 });
        else codes.push({ groupId, code: r.code, ...values, version: 1 });
      }
      for (const d of b.deleted ?? [])
        codes.splice(
          codes.findIndex((c) => c.groupId === groupId && c.code === d.code),
          1,
        );
      return pagedAnswer(
        codes.filter((c) => c.groupId === groupId),
        { query: { size: 5000, sort: 'sortOrder:asc' } },
      );
    },
    listUsers: (input) =>
      pagedAnswer(users, input, {
        match: (r, q) =>
          (!q.userId || String(r.userId).startsWith(String(q.userId))) &&
          (!q.hname || String(r.hname).includes(String(q.hname))) &&
          (!q.authGroupId || r.authGroupId === q.authGroupId) &&
          (!q.portal || r.portal === q.portal) &&
          (!q.useFlag || r.useFlag === q.useFlag) &&
          (!q.locked || r.locked === (q.locked === 'Y')),
      }),
    listAuthGroups: () => AUTH_GROUPS,
    unlockUser: (input) =>
      Object.assign(
        users.find((u) => u.userId === path(input, 'userId'))!,
        { locked: false, failedLoginCount: 0 },
      ),
    blockUser: (input) => {
      if (path(input, 'userId') === 'admin')
        throw new OperationError(400, 'CANNOT_BLOCK_SELF', '자기 자신은 차단할 수 없습니다');
      return Object.assign(
        users.find((u) => u.userId === path(input, 'userId'))!,
        { useFlag: 'N' },
      );
    },
    unblockUser: (input) =>
      Object.assign(
        users.find((u) => u.userId === path(input, 'userId'))!,
        { useFlag: 'Y' },
      ),
    listSessions: (input) =>
      pagedAnswer(sessions, input, {
        match: (r, q) =>
          (!q.userId || String(r.userId).startsWith(String(q.userId))) &&
          (!q.hname || String(r.hname).includes(String(q.hname))) &&
          (!q.portal || r.portal === q.portal) &&
          (q.openOnly === 'N' || r.endedAt === null),
      }),
    endSession: (input) => {
      const s = sessions.find((r) => r.sessionId === path(input, 'sessionId') && r.endedAt === null);
      if (!s) throw new OperationError(404, 'SESSION_NOT_FOUND', '열려 있는 세션이 아닙니다');
      Object.assign(s, { endedAt: new Date().toISOString(), endReason: 'FORCED' });
      return { code: 'OK' };
    },
  };
  return { answers, data: { messages, groups, codes, users, sessions } };
}
