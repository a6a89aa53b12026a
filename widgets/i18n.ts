import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveParticles } from '../lib/josa';
import { PERSON_SEARCH_MESSAGES_KO, type PersonSearchMessageKey } from '../lib/person-search';

/**
 * Every text a widget shows, with its Korean default (the interface is Korean; spec §1).
 *
 * One approach everywhere: widgets call `useWidgetText()`, which asks react-i18next for
 * `widgets.<key>` in the default namespace and falls back to the built-in text of the current
 * language below (English when the language is 'en…', Korean otherwise), so English works
 * before the app adds anything. The app may override any text with its own `widgets.<key>`
 * resources (e.g. merge `{ widgets: WIDGET_TEXTS_EN }` into `en` to keep one place for
 * translators). Placeholders use i18next's `{{name}}` syntax.
 */
export const WIDGET_TEXTS_KO = {
  // buttons and common words
  choose: '선택',
  cancel: '취소',
  search: '조회',
  ok: '확인',
  close: '닫기',
  clear: '지우기',
  all: '전체',
  delete: '삭제',
  required: '필수 입력 항목입니다.',
  loading: '불러오는 중…',
  // dialogs
  alertTitle: '알림',
  confirmTitle: '확인',
  errorTitle: '오류',
  searchFailed: '조회 중 오류가 발생했습니다.',
  // grid
  gridEmpty: '조회된 데이터가 없습니다.',
  gridTotal: '합계',
  gridSortAsc: '오름차순 정렬',
  gridSortDesc: '내림차순 정렬',
  // text input
  counterBytes: '{{used}} / {{max}} byte',
  counterChars: '{{used}} / {{max}}자',
  counterUnlimited: '{{used}}자',
  // template text (contract templates)
  templateVariables: '템플릿 변수',
  templateVariablesInsert: '변수를 누르면 커서 위치에 넣습니다',
  truncatedBytes: '최대 {{max}}byte까지 입력할 수 있어 넘는 부분은 잘렸습니다.',
  truncatedChars: '최대 {{max}}자까지 입력할 수 있어 넘는 부분은 잘렸습니다.',
  // company number (comp mask)
  companyUnknown: '등록되지 않은 업체입니다',
  companyLooking: '업체 조회 중…',
  // dates
  datePlaceholder: 'YYYY-MM-DD',
  dateUnrecognized: '날짜를 인식할 수 없습니다. 예: 2024-03-05',
  dateBeforeMin: '{{min}} 이후의 날짜만 입력할 수 있습니다.',
  openCalendar: '달력 열기',
  monthPlaceholder: 'YYYY-MM',
  monthUnrecognized: '연월을 인식할 수 없습니다. 예: 2024-03',
  // date and time (Korean time), the countdown
  dateTimeTime: '{{label}} 시각',
  dateTimeZone: '한국 시간',
  countdownEnded: '마감됨',
  countdownDays: '{{days}}일 {{time}}',
  rangeFrom: '시작일',
  rangeTo: '종료일',
  rangeAdjusted: '시작일은 종료일보다 늦을 수 없어 {{which}}을(를) 함께 변경했습니다 ({{date}}).',
  monthFrom: '시작 월',
  monthTo: '종료 월',
  monthRangeAdjusted: '시작 월은 종료 월보다 늦을 수 없어 {{which}}을(를) 함께 변경했습니다 ({{month}}).',
  presetToday: '오늘',
  presetWeek: '1주',
  presetMonth: '1개월',
  presetThreeMonths: '3개월',
  // pivot table and its chart
  pivotTotal: '합계',
  pivotPrevious: '이전 기간 {{value}}',
  pivotNoPrevious: '이전 기간 없음',
  pivotHint: '화살표 키로 칸을 옮기고, Enter를 누르면 그 칸의 문서를 봅니다.',
  pivotShowTable: '표로 보기',
  pivotCurrent: '이번 기간',
  pivotPreviousSeries: '이전 기간',
  pivotSummaryUp:
    '{{axis}}별 {{measure}}: {{count}}개 중 {{top}}이(가) {{topValue}}(으)로 가장 크고, 합계 {{total}}은(는) 이전 기간보다 {{pct}}% 늘었습니다.',
  pivotSummaryDown:
    '{{axis}}별 {{measure}}: {{count}}개 중 {{top}}이(가) {{topValue}}(으)로 가장 크고, 합계 {{total}}은(는) 이전 기간보다 {{pct}}% 줄었습니다.',
  pivotSummarySame:
    '{{axis}}별 {{measure}}: {{count}}개 중 {{top}}이(가) {{topValue}}(으)로 가장 크고, 합계 {{total}}은(는) 이전 기간과 같습니다.',
  pivotSummaryNoPrevious:
    '{{axis}}별 {{measure}}: {{count}}개 중 {{top}}이(가) {{topValue}}(으)로 가장 크고, 합계는 {{total}}이며 이전 기간 실적은 없습니다.',
  pivotSummaryEmpty: '{{axis}}별 {{measure}}: 조회된 실적이 없습니다.',
  // select
  selectChoose: '선택',
  selectAll: '전체',
  multiNone: '선택하세요',
  multiSome: '{{first}} 외 {{count}}건',
  // popups
  businessTitle: '사업부문 선택',
  businessSection: '사업부문',
  businessSearch: '사업부문 검색',
  deptTitle: '부서 선택',
  deptName: '부서명',
  deptSearch: '부서 검색',
  department: '부서',
  personTitle: '사원 검색',
  personName: '이름',
  personId: '사번',
  personSearch: '사원 검색',
  personPrompt: '이름 또는 사번을 입력한 뒤 조회를 누르세요.',
  person: '사원',
  companyTitle: '업체 검색',
  companyQuery: '업체명 또는 사업자번호',
  companyNo: '업체코드',
  companyName: '업체명',
  companyTaxNo: '사업자등록번호',
  companyPrompt: '업체명, 업체코드 또는 사업자번호로 조회하세요.',
  itemTitle: '품목 검색',
  itemCode: '품목코드',
  itemName: '품목명',
  itemSpec: '규격',
  itemUnit: '단위',
  itemCategory: '품목분류',
  itemPrompt: '품목분류, 품목명, 규격 또는 품목코드로 조회하세요.',
  agreementLineTitle: '단가계약 품목 선택',
  agreementNo: '계약번호',
  agreementLineNo: '줄',
  agreementSupplier: '협력사',
  agreementUnitPrice: '계약 단가',
  agreementRemaining: '잔여 수량',
  agreementValidTo: '유효기간',
  agreementLinePrompt: '계약번호, 협력사 또는 품목명으로 조회하세요. 오늘 유효한 단가계약의 품목이 나옵니다.',
  // sourcing group
  sgLevel1: '대분류',
  sgLevel2: '중분류',
  sgLevel3: '소분류',
  sgLevel4: '세분류',
  // file upload
  fileDrop: '파일을 여기에 끌어다 놓거나',
  fileChoose: '파일 선택',
  fileTooLarge: '파일 크기는 {{limit}}MB를 넘을 수 없습니다: {{name}} ({{size}})',
  fileNotSpreadsheet: '엑셀 파일(.xlsx, .xls)만 올릴 수 있습니다: {{name}}',
  fileLimitHint: '파일당 최대 {{limit}}MB',
  fileSpreadsheetHint: '엑셀 파일(.xlsx, .xls)만, 최대 {{limit}}MB',
  fileUploading: '업로드 중… {{percent}}%',
  fileCancelled: '업로드를 취소했습니다.',
  fileUploadFailed: '업로드하지 못했습니다: {{message}}',
  fileDownloadFailed: '내려받지 못했습니다: {{message}}',
  fileNone: '첨부파일이 없습니다.',
  fileDeleteConfirm: '{{name}} 파일을 삭제하시겠습니까?',
  fileDownloadAll: '전체 내려받기',
  fileList: '첨부파일 목록',
  // employee search
  employeeSearch: '사원 조회 조건',
} as const;

export type WidgetTextKey = keyof typeof WIDGET_TEXTS_KO;

/** English texts for the app's `en` resources: `{ widgets: WIDGET_TEXTS_EN }`. */
export const WIDGET_TEXTS_EN: Readonly<Record<WidgetTextKey, string>> = {
  choose: 'Choose',
  cancel: 'Cancel',
  search: 'Search',
  ok: 'OK',
  close: 'Close',
  clear: 'Clear',
  all: 'All',
  delete: 'Delete',
  required: 'This field is required.',
  loading: 'Loading…',
  alertTitle: 'Notice',
  confirmTitle: 'Confirm',
  errorTitle: 'Error',
  searchFailed: 'The search failed.',
  gridEmpty: 'No data found.',
  gridTotal: 'Total',
  gridSortAsc: 'Sorted ascending',
  gridSortDesc: 'Sorted descending',
  counterBytes: '{{used}} / {{max}} bytes',
  counterChars: '{{used}} / {{max}} characters',
  counterUnlimited: '{{used}} characters',
  // template text (contract templates)
  templateVariables: 'Template variables',
  templateVariablesInsert: 'Press a variable to insert it at the cursor',
  truncatedBytes: 'At most {{max}} bytes; the rest was cut off.',
  truncatedChars: 'At most {{max}} characters; the rest was cut off.',
  companyUnknown: 'Company not registered',
  companyLooking: 'Looking up the company…',
  datePlaceholder: 'YYYY-MM-DD',
  dateUnrecognized: 'Not a date. Example: 2024-03-05',
  dateBeforeMin: 'Only dates from {{min}} are allowed.',
  openCalendar: 'Open calendar',
  monthPlaceholder: 'YYYY-MM',
  monthUnrecognized: 'Not a month. Example: 2024-03',
  // date and time (Korean time), the countdown
  dateTimeTime: '{{label}} time',
  dateTimeZone: 'Korean time',
  countdownEnded: 'Closed',
  countdownDays: '{{days}} d {{time}}',
  rangeFrom: 'From',
  rangeTo: 'To',
  rangeAdjusted: 'The start cannot be after the end, so the {{which}} date was changed too ({{date}}).',
  monthFrom: 'From month',
  monthTo: 'To month',
  monthRangeAdjusted: 'The start cannot be after the end, so the {{which}} was changed too ({{month}}).',
  presetToday: 'Today',
  presetWeek: '1 week',
  presetMonth: '1 month',
  presetThreeMonths: '3 months',
  pivotTotal: 'Total',
  pivotPrevious: 'Previous {{value}}',
  pivotNoPrevious: 'No previous',
  pivotHint: 'Arrow keys move between cells; Enter opens the documents behind a cell.',
  pivotShowTable: 'Show as table',
  pivotCurrent: 'This period',
  pivotPreviousSeries: 'Previous period',
  pivotSummaryUp:
    '{{measure}} by {{axis}}: of {{count}}, {{top}} is the largest at {{topValue}}; the total {{total}} is {{pct}}% above the previous period.',
  pivotSummaryDown:
    '{{measure}} by {{axis}}: of {{count}}, {{top}} is the largest at {{topValue}}; the total {{total}} is {{pct}}% below the previous period.',
  pivotSummarySame:
    '{{measure}} by {{axis}}: of {{count}}, {{top}} is the largest at {{topValue}}; the total {{total}} equals the previous period.',
  pivotSummaryNoPrevious:
    '{{measure}} by {{axis}}: of {{count}}, {{top}} is the largest at {{topValue}}; the total is {{total}}, with nothing in the previous period.',
  pivotSummaryEmpty: '{{measure}} by {{axis}}: nothing found.',
  selectChoose: 'Choose',
  selectAll: 'All',
  multiNone: 'Choose…',
  multiSome: '{{first}} and {{count}} more',
  businessTitle: 'Choose business section',
  businessSection: 'Business section',
  businessSearch: 'Search business sections',
  deptTitle: 'Choose department',
  deptName: 'Department',
  deptSearch: 'Search departments',
  department: 'Department',
  personTitle: 'Search employees',
  personName: 'Name',
  personId: 'Employee ID',
  personSearch: 'Search employees',
  personPrompt: 'Enter a name or an employee ID, then press Search.',
  person: 'Employee',
  companyTitle: 'Search companies',
  companyQuery: 'Company name or business number',
  companyNo: 'Company code',
  companyName: 'Company name',
  companyTaxNo: 'Business number',
  companyPrompt: 'Search by company name, code or business number.',
  itemTitle: 'Item search',
  itemCode: 'Item code',
  itemName: 'Item name',
  itemSpec: 'Specification',
  itemUnit: 'Unit',
  itemCategory: 'Category',
  itemPrompt: 'Search by category, name, specification or item code.',
  agreementLineTitle: 'Choose an agreement line',
  agreementNo: 'Agreement no.',
  agreementLineNo: 'Line',
  agreementSupplier: 'Supplier',
  agreementUnitPrice: 'Agreed price',
  agreementRemaining: 'Remaining qty',
  agreementValidTo: 'Valid to',
  agreementLinePrompt: 'Search by agreement number, supplier or item name: the lines of the agreements valid today.',
  sgLevel1: 'Level 1',
  sgLevel2: 'Level 2',
  sgLevel3: 'Level 3',
  sgLevel4: 'Level 4',
  fileDrop: 'Drop files here or',
  fileChoose: 'Choose files',
  fileTooLarge: 'Files may not exceed {{limit}} MB: {{name}} ({{size}})',
  fileNotSpreadsheet: 'Only Excel files (.xlsx, .xls) can be uploaded: {{name}}',
  fileLimitHint: 'Up to {{limit}} MB per file',
  fileSpreadsheetHint: 'Excel files (.xlsx, .xls) only, up to {{limit}} MB',
  fileUploading: 'Uploading… {{percent}}%',
  fileCancelled: 'Upload cancelled.',
  fileUploadFailed: 'Upload failed: {{message}}',
  fileDownloadFailed: 'Download failed: {{message}}',
  fileNone: 'No attachments.',
  fileDeleteConfirm: 'Delete {{name}}?',
  fileDownloadAll: 'Download all',
  fileList: 'Attachments',
  employeeSearch: 'Employee search',
};

type Vars = Record<string, string | number>;

function interpolate(text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

export type WidgetText = (key: WidgetTextKey, vars?: Vars) => string;

const isEnglish = (language: unknown) => typeof language === 'string' && language.startsWith('en');

/**
 * The widgets' translate function: `widgets.<key>` from the app's resources when present, else
 * the built-in text of the current language (English for 'en…', Korean otherwise). Without an
 * i18next instance above (a bare test), the Korean texts are interpolated here, so a widget
 * never shows a raw key.
 */
export function useWidgetText(): WidgetText {
  const { t, i18n, ready } = useTranslation();
  const english = ready && isEnglish(i18n?.language);
  return useCallback<WidgetText>(
    (key, vars) =>
      resolveParticles(
        ready
          ? t(`widgets.${key}`, { defaultValue: (english ? WIDGET_TEXTS_EN : WIDGET_TEXTS_KO)[key], ...vars })
          : interpolate(WIDGET_TEXTS_KO[key], vars),
      ),
    [t, ready, english],
  );
}

/** English defaults of the person-search messages (the Korean ones are lib/person-search.ts's). */
const PERSON_SEARCH_MESSAGES_EN: Readonly<Record<PersonSearchMessageKey, string>> = {
  'person.needNameOrId': 'Enter at least one of the name and the single ID.',
  'person.nameMinLength': 'Enter at least 2 characters for the name.',
};

/** The person-search validation message (keys from lib/person-search.ts; the app's resources win). */
export function usePersonSearchMessage(): (key: PersonSearchMessageKey) => string {
  const { t, i18n, ready } = useTranslation();
  const english = ready && isEnglish(i18n?.language);
  return useCallback(
    (key: PersonSearchMessageKey) =>
      ready
        ? t(key, { defaultValue: (english ? PERSON_SEARCH_MESSAGES_EN : PERSON_SEARCH_MESSAGES_KO)[key] })
        : PERSON_SEARCH_MESSAGES_KO[key],
    [t, ready, english],
  );
}

/** 'ko' or 'en' for lib/date.ts formatDate, from the i18n language (Korean by default). */
export function useDateLang(): 'ko' | 'en' {
  const { i18n, ready } = useTranslation();
  return ready && isEnglish(i18n?.language) ? 'en' : 'ko';
}
