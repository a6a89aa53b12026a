/**
 * UI and server messages (messageManage), Korean first as the spec requires, with English.
 * Auth and login-check codes are keyed by the code itself so the client can look up
 * whatever code a response carries.
 */
export interface MessageRow {
  msgKey: string;
  category: 'auth' | 'http' | 'ui' | 'validation';
  textKo: string;
  textEn: string;
}

type Def = readonly [key: string, ko: string, en: string];

const AUTH: readonly Def[] = [
  ['AUTH006', '인가된 시스템이 아닙니다.', 'This system is not authorised.'],
  [
    'AUTH006.retry',
    '인가된 시스템이 아닙니다. 다시 시도하시겠습니까?',
    'This system is not authorised. Do you want to try again?',
  ],
  ['AUTH019', '아이디가 올바르지 않습니다.', 'The user ID is invalid.'],
  ['AUTH011', '아이디 또는 비밀번호가 올바르지 않습니다.', 'The user ID or password is incorrect.'],
  ['AUTH015', '비밀번호가 설정되지 않았습니다.', 'No password has been set for this account.'],
  [
    'AUTH100',
    '비정상 계정입니다. 관리자에게 문의하세요.',
    'This account is abnormal. Please contact the administrator.',
  ],
  ['AUTH101', '휴면 계정입니다. 관리자에게 문의하세요.', 'This account is dormant. Please contact the administrator.'],
  ['AUTH102', '잠긴 계정입니다. 관리자에게 문의하세요.', 'This account is locked. Please contact the administrator.'],
  ['AUTH103', '비밀번호가 만료되었습니다. 비밀번호를 변경하세요.', 'Your password has expired. Please change it.'],
  ['AUTH008', '토큰이 만료되었습니다.', 'The token has expired.'],
  ['AUTH013', '인증번호가 올바르지 않습니다.', 'The verification code is incorrect.'],
  ['AUTH014', '재설정 비밀번호가 올바르지 않습니다.', 'The new password is not valid.'],
  ['AUTH003', '등록된 사용자가 아닙니다.', 'You are not a registered user.'],
  ['COM000010', '사용자를 찾을 수 없습니다.', 'User not found.'],
  [
    'AUTH_DIRECTORY_DOWN',
    '디렉터리(AD) 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요.',
    'The directory (AD) server is not answering. Please try again shortly or contact the administrator.',
  ],
  [
    'AUTH_SSO_DOWN',
    'SSO 인증 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요.',
    'The single sign-on (SSO) server is not answering. Please try again shortly or contact the administrator.',
  ],
  ['GPMS005', '로그인이 필요합니다.', 'You need to log in.'],
  ['GPMS006', '접근 권한이 없습니다.', 'You do not have access to this page.'],
  ['CMM-0005', '세션이 종료되었습니다. 다시 접속하세요.', 'Your session has ended. Please sign in again.'],
  ['ERROR', '로그인에 실패했습니다.', 'Login failed.'],
  ['login.infoTitle', '로그인 정보', 'Login information'],
  [
    'login.logoutTimeout',
    '로그아웃 시간이 초과되어 로그아웃되었습니다. 다시 로그인하세요.',
    'You were logged out after a period of inactivity. Please log in again.',
  ],
  [
    'session.expiredLogout',
    '세션이 만료되어 로그아웃됩니다.',
    'You are being logged out because your session has expired.',
  ],
  ['auth.abnormalAccessPath', '정상적인 접근 경로가 아닙니다.', 'This is not a normal access path.'],
  ['auth.otpSent', '인증번호를 발송했습니다.', 'A verification code has been sent.'],
  [
    'auth.otpNoCellPhone',
    '등록된 휴대폰 번호가 없습니다. 관리자에게 문의하세요.',
    'No cell phone number is registered. Please contact the administrator.',
  ],
  [
    'auth.otpNoEmail',
    '등록된 이메일이 없습니다. 관리자에게 문의하세요.',
    'No e-mail address is registered. Please contact the administrator.',
  ],
  [
    'auth.clockSkew',
    '사용자 PC의 시간이 서버와 5분 이상 차이납니다. 시간을 맞춰 주세요.',
    'Your computer clock differs from the server by more than 5 minutes. Please set the clock.',
  ],
];

const HTTP: readonly Def[] = [
  ['http.errorTitle', '오류', 'Error'],
  ['http.400', '잘못된 요청입니다.', 'Invalid request.'],
  ['http.401', '인증에 실패했습니다. 다시 로그인하세요.', 'Authentication failed. Please log in again.'],
  ['http.403', '인가에 실패했습니다. 접근 권한이 없습니다.', 'Authorization failed: you have no access right.'],
  ['http.404', '페이지가 존재하지 않습니다.', 'The page does not exist.'],
  [
    'http.409',
    '다른 사용자가 먼저 변경했습니다. 다시 조회한 후 처리하세요.',
    'Someone else changed this first. Reload and try again.',
  ],
  ['http.500', '서버 내부 오류입니다.', 'Internal server error.'],
  ['http.502', '게이트웨이 오류입니다. 네트워크를 확인하세요.', 'Gateway error. Please check the network.'],
  ['http.error', '오류가 발생했습니다. 잠시 후 다시 시도하세요.', 'An error occurred. Please try again later.'],
];

const VALIDATION: readonly Def[] = [
  ['person.needNameOrId', '이름과 사번 중 하나 이상을 입력하세요.', 'Please enter at least one of name and single ID.'],
  ['person.nameMinLength', '이름은 2자 이상 입력하세요.', 'Enter at least 2 characters for the name.'],
  ['validation.required', '필수 입력 항목입니다.', 'This field is required.'],
  ['validation.date', '날짜 형식(YYYY-MM-DD)이 올바르지 않습니다.', 'Enter a date as YYYY-MM-DD.'],
  ['validation.dateMin', '1900-01-01 이후 날짜를 입력하세요.', 'Enter a date on or after 1900-01-01.'],
  ['validation.month', '년월 형식(YYYYMM)이 올바르지 않습니다.', 'Enter a month as YYYYMM.'],
  ['validation.maxBytes', '입력 가능한 길이({max} byte)를 초과했습니다.', 'The text exceeds {max} bytes.'],
  ['validation.maxChars', '입력 가능한 글자 수({max}자)를 초과했습니다.', 'The text exceeds {max} characters.'],
  ['validation.excelOnly', '엑셀 파일만 업로드할 수 있습니다.', 'Only spreadsheet files can be uploaded.'],
  ['validation.fileTooLarge', '파일 크기는 {limit}MB를 넘을 수 없습니다.', 'A file may not be larger than {limit} MB.'],
  ['validation.taxNo', '사업자등록번호가 올바르지 않습니다.', 'The business registration number is not valid.'],
  [
    'validation.simpleOrderLimit',
    '소액발주 한도({limit}원)를 초과했습니다.',
    'The amount exceeds the simple order limit ({limit} KRW).',
  ],
];

const UI: readonly Def[] = [
  ['ui.choose', '선택', 'Choose'],
  ['ui.all', '전체', 'All'],
  ['ui.search', '조회', 'Search'],
  ['ui.reset', '초기화', 'Reset'],
  ['ui.cancel', '취소', 'Cancel'],
  ['ui.confirm', '확인', 'OK'],
  ['ui.save', '저장', 'Save'],
  ['ui.saved', '저장되었습니다.', 'Saved.'],
  ['ui.confirmSave', '저장하시겠습니까?', 'Do you want to save?'],
  ['ui.confirmDelete', '삭제하시겠습니까?', 'Do you want to delete?'],
  ['ui.noData', '조회된 데이터가 없습니다.', 'No data found.'],
  ['ui.excelExport', '엑셀 다운로드', 'Export to Excel'],
  ['ui.lookupFailed', '조회 중 오류가 발생했습니다.', 'The lookup failed.'],
  ['popup.section.title', '사업부문 선택', 'Choose business section'],
  ['popup.dept.title', '부서 선택', 'Choose department'],
  ['popup.person.title', '사원 검색', 'Search employees'],
  [
    'approval.forwardY',
    '승인하면 발주서가 협력사로 자동 전송됩니다. 승인하시겠습니까?',
    'On approval the purchase order is sent to the supplier automatically. Approve?',
  ],
  [
    'approval.forwardN',
    '이 협력사는 발주서 자동 전송 대상이 아닙니다. 승인 후 발주서를 별도로 전달하세요. 승인하시겠습니까?',
    'This supplier does not receive purchase orders automatically; deliver the order separately after approval. Approve?',
  ],
  ['app.titleInternal', 'GPMS', 'GPMS'],
  ['app.titleExternal', 'OGPMS', 'OGPMS'],
];

export function buildMessages(): MessageRow[] {
  return [
    ...AUTH.map(([msgKey, textKo, textEn]) => ({ msgKey, category: 'auth' as const, textKo, textEn })),
    ...HTTP.map(([msgKey, textKo, textEn]) => ({ msgKey, category: 'http' as const, textKo, textEn })),
    ...VALIDATION.map(([msgKey, textKo, textEn]) => ({ msgKey, category: 'validation' as const, textKo, textEn })),
    ...UI.map(([msgKey, textKo, textEn]) => ({ msgKey, category: 'ui' as const, textKo, textEn })),
  ];
}
