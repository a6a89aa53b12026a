import { useCallback } from 'react';
import { useTranslation, type UseTranslationOptions } from 'react-i18next';
import { resolveParticles } from '../lib/josa';

/** react-i18next re-renders on store events named here (supported at run time, missing from its types). */
const RERENDER_ON_ADDED = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

/**
 * The engine's own texts. Keys under `ui.*`, `http.*` and `validation.*` are the server's message
 * keys (the `message` table, edited in messageManage), so an edit there changes the engine's
 * buttons once the app has merged the server's messages; the values below are the fallback.
 */
export const ENGINE_TEXTS_KO: Record<string, string> = {
  'ui.search': '조회',
  'ui.reset': '초기화',
  'ui.save': '저장',
  'ui.saved': '저장되었습니다.',
  'ui.cancel': '취소',
  'ui.confirm': '확인',
  'ui.confirmSave': '저장하시겠습니까?',
  'ui.confirmDelete': '삭제하시겠습니까?',
  'ui.noData': '조회된 데이터가 없습니다.',
  'ui.excelExport': '엑셀 다운로드',
  'ui.lookupFailed': '조회 중 오류가 발생했습니다.',
  'http.errorTitle': '오류',
  'http.refusedTitle': '처리할 수 없습니다',
  'http.400': '잘못된 요청입니다.',
  'http.401': '인증에 실패했습니다. 다시 로그인하세요.',
  'http.403': '인가에 실패했습니다. 접근 권한이 없습니다.',
  'http.404': '페이지가 존재하지 않습니다.',
  'http.409': '다른 사용자가 먼저 변경했습니다. 다시 조회한 후 처리하세요.',
  'http.500': '서버 내부 오류입니다.',
  'http.502': '게이트웨이 오류입니다. 네트워크를 확인하세요.',
  'http.error': '오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  'engine.total': '총 {{count}}건',
  'engine.currencyTotals': '합계 {{amounts}}',
  'engine.selected': '{{count}}건 선택',
  'engine.requiredFilters': '필수 조회 조건을 입력하세요: {{fields}}',
  'engine.notSearched': '조회 조건을 입력하고 조회를 누르세요.',
  'engine.delete': '삭제',
  'engine.new': '신규',
  'engine.back': '목록',
  'engine.close': '닫기',
  'engine.addRow': '행 추가',
  'engine.summaryAsOf': '기준 시각 {{at}}',
  'engine.summaryPending': '{{months}} 집계를 다시 만드는 중입니다 (1분 안에 반영됩니다).',
  'engine.summaryRebuild': '지금 다시 집계',
  'engine.summaryRebuilt': '{{count}}개월을 다시 집계했습니다.',
  'engine.detailTotal': '{{label}} 합계 {{amount}}',
  'engine.deleteRows': '행 삭제',
  'engine.save': '저장',
  'engine.selectOne': '한 건을 선택하세요.',
  'engine.selectSome': '처리할 행을 선택하세요.',
  'engine.done': '처리되었습니다.',
  'engine.confirmCall': '[{{action}}] 작업을 실행하시겠습니까?',
  'engine.confirmRefusal': '{{message}}\n\n그래도 진행하시겠습니까?',
  'engine.storedWriteRefused':
    '저장된 화면은 사람이 누르고 확인한 작업으로만 데이터를 바꾸거나 기록을 남길 수 있습니다 (작업: {{operation}}).',
  'engine.previewWriteRefused':
    '미리보기에서는 조회만 할 수 있습니다. [{{operation}}] 작업은 게시된 화면에서 실행하세요.',
  'engine.uploadFilesAction': '파일 올리기',
  'engine.deleteFileAction': '파일 삭제',
  'engine.doneCount': '{{count}}건 처리되었습니다.',
  'engine.partlyDone': '{{done}}건 처리, {{failed}}건 실패: {{message}}',
  'engine.leaveConfirm': '저장하지 않은 변경 내용이 있습니다. 이 화면을 떠나시겠습니까?',
  'engine.exporting': '엑셀 파일을 만드는 중… {{done}} / {{total}}건',
  'engine.exportWriting': '엑셀 파일을 쓰는 중…',
  'engine.exportCancel': '취소',
  'engine.exportCancelled': '엑셀 다운로드를 취소했습니다.',
  'engine.exportFailed': '엑셀 파일을 만들지 못했습니다: {{message}}',
  'engine.exportEmpty': '내려받을 데이터가 없습니다.',
  'engine.downloadReason.title': '개인정보 다운로드 사유',
  'engine.downloadReason.message':
    '이 목록에는 개인정보(연락처, 전자우편)가 있습니다. 내려받는 사유를 선택하고 입력하세요. 사유는 개인정보 접근기록에 남습니다.',
  'engine.downloadReason.code': '사유 구분',
  'engine.downloadReason.text': '상세 사유',
  'engine.downloadReason.help': '2자 이상 500자 이하',
  'engine.downloadReason.WORK': '업무 처리',
  'engine.downloadReason.AUDIT': '감사·점검',
  'engine.downloadReason.SETTLEMENT': '계약·정산',
  'engine.downloadReason.OTHER': '기타',
  'engine.downloadReason.codeMissing': '사유 구분을 선택하세요.',
  'engine.downloadReason.tooShort': '상세 사유를 {{min}}자 이상 입력하세요.',
  'engine.rowInvalid': '{{row}}행: {{message}}',
  'engine.rowsInvalid': '입력 값을 확인하세요.',
  'engine.checkFields': '입력한 값을 확인하세요.',
  'engine.cellLabel': '{{detail}} {{row}}번째 줄 {{column}}',
  'engine.detailRows': '목록',
  'engine.minRows': '최소 {{count}}행이 필요합니다.',
  'engine.maxRows': '최대 {{count}}행까지 입력할 수 있습니다.',
  'engine.readOnly': '조회 전용',
  'engine.noPermission': '권한이 없습니다.',
  'engine.treeEmpty': '항목이 없습니다.',
  'engine.treeSelect': '트리에서 항목을 선택하세요.',
  'engine.treeFilter': '검색',
  'engine.loading': '불러오는 중…',
  'engine.loadFailed': '불러오지 못했습니다: {{message}}',
  'engine.retry': '다시 시도',
  'engine.noRecord': '선택된 항목이 없습니다. 목록에서 선택하세요.',
  'engine.noRecordNoList': '선택된 항목이 없습니다. 목록이나 링크에서 여세요.',
  'engine.toList': '{{list}}(으)로 가기',
  'engine.choosePrompt': '조회할 업체를 선택하세요.',
  'engine.chooseCompany': '업체 선택',
  'engine.definitionError': '화면 정의 오류',
  'engine.definitionErrorHelp': '이 화면의 정의 파일에 문제가 있어 표시할 수 없습니다. 아래 위치를 고치세요.',
  'engine.unknownScreen': '화면 {{id}}을(를) 찾을 수 없습니다.',
  'engine.attachments': '첨부파일',
  'engine.unsaved': '저장하지 않은 변경 내용이 있습니다.',
  'engine.totalLabel': '합계',
  'engine.chartEmpty': '표시할 데이터가 없습니다.',
  'engine.pivotMeasure': '측정값',
  'engine.pivotTitle': '{{axis}}별 {{measure}}',
  'engine.pivotCrossTitle': '{{axis}} × {{column}} {{measure}}',
  'engine.pivotWon': '{{amount}}원',
  'engine.pivotLoading': '피벗을 만들 행을 모두 읽는 중입니다 ({{done}} / {{total}}).',
  'engine.pivotTruncated': '행이 많아 앞의 {{count}}행으로 피벗을 만들었습니다. 조건을 좁혀 주세요.',
  'engine.pivotExportRowTitle': '구분',
  'engine.pivotExportPrevious': '이전 기간',
  'engine.pivotExportChange': '증감률(%)',
  'engine.pivotExportRows': '원자료',
  'engine.chartKind.bar': '막대',
  'engine.chartKind.stackedBar': '누적 막대',
  'engine.chartKind.line': '꺾은선',
  'engine.chartKind.area': '영역',
  'engine.chartKind.pie': '원',
  'engine.chartAlt': '{{kind}} 그래프, 항목 {{count}}개: {{series}}.',
  'engine.chartAltGrid': '같은 자료를 아래 표 "{{grid}}"에서 읽을 수 있습니다.',
  'engine.chartAltTable': '같은 자료를 아래 표로 읽을 수 있습니다.',
  'engine.chartSummary': '{{title}}: 항목 {{count}}개 중 {{series}} 최댓값은 {{top}} {{value}}입니다.',
  'engine.chartSummaryEmpty': '{{title}}: 표시할 데이터가 없습니다.',
  'engine.chartShowTable': '표로 보기',
  'engine.chartCategory': '항목',
  'engine.required': '필수 입력 항목입니다.',
  'engine.requiredLegend': '* 표시는 필수 입력 항목입니다.',
  'engine.duplicateKey': '같은 값의 행이 이미 있습니다.',
  'engine.cellLocked': '저장된 행의 {{column}}은(는) 바꿀 수 없습니다.',
  'engine.pattern': '입력 형식이 올바르지 않습니다.',
  'engine.minimum': '{{limit}} 이상이어야 합니다.',
  'engine.maximum': '{{limit}} 이하여야 합니다.',
  'engine.moveUp': '위로',
  'engine.moveDown': '아래로',
  'validation.maxChars': '입력 가능한 글자 수({max}자)를 초과했습니다.',
};

export const ENGINE_TEXTS_EN: Record<string, string> = {
  'ui.search': 'Search',
  'ui.reset': 'Reset',
  'ui.save': 'Save',
  'ui.saved': 'Saved.',
  'ui.cancel': 'Cancel',
  'ui.confirm': 'OK',
  'ui.confirmSave': 'Do you want to save?',
  'ui.confirmDelete': 'Do you want to delete?',
  'ui.noData': 'No data found.',
  'ui.excelExport': 'Export to Excel',
  'ui.lookupFailed': 'The lookup failed.',
  'http.errorTitle': 'Error',
  'http.refusedTitle': 'Cannot be done',
  'http.400': 'Invalid request.',
  'http.401': 'Authentication failed. Please log in again.',
  'http.403': 'Authorization failed: you have no access right.',
  'http.404': 'The page does not exist.',
  'http.409': 'Someone else changed this first. Reload and try again.',
  'http.500': 'Internal server error.',
  'http.502': 'Gateway error. Please check the network.',
  'http.error': 'An error occurred. Please try again later.',
  'engine.total': '{{count}} rows',
  'engine.total_one': '{{count}} row',
  'engine.currencyTotals': 'Total {{amounts}}',
  'engine.selected': '{{count}} selected',
  'engine.requiredFilters': 'Fill in the required search conditions: {{fields}}',
  'engine.notSearched': 'Enter search conditions and press Search.',
  'engine.delete': 'Delete',
  'engine.new': 'New',
  'engine.back': 'Back to list',
  'engine.close': 'Close',
  'engine.addRow': 'Add row',
  'engine.summaryAsOf': 'As of {{at}}',
  'engine.summaryPending': 'Rebuilding the figures of {{months}} (within a minute).',
  'engine.summaryRebuild': 'Rebuild now',
  'engine.summaryRebuilt': 'Rebuilt {{count}} month(s).',
  'engine.detailTotal': '{{label}} total {{amount}}',
  'engine.deleteRows': 'Delete rows',
  'engine.save': 'Save',
  'engine.selectOne': 'Select one row.',
  'engine.selectSome': 'Select the rows to process.',
  'engine.done': 'Done.',
  'engine.confirmCall': 'Run {{action}}?',
  'engine.confirmRefusal': '{{message}}\n\nGo ahead anyway?',
  'engine.storedWriteRefused':
    'A stored screen changes data or leaves a record only through an action a person presses and confirms (action: {{operation}}).',
  'engine.previewWriteRefused': 'The preview only reads. Run “{{operation}}” on the published screen.',
  'engine.uploadFilesAction': 'Upload files',
  'engine.deleteFileAction': 'Delete file',
  'engine.doneCount': '{{count}} row(s) processed.',
  'engine.partlyDone': '{{done}} processed, {{failed}} failed: {{message}}',
  'engine.leaveConfirm': 'You have unsaved changes. Leave this screen?',
  'engine.exporting': 'Building the Excel file… {{done}} / {{total}} rows',
  'engine.exportWriting': 'Writing the Excel file…',
  'engine.exportCancel': 'Cancel',
  'engine.exportCancelled': 'The Excel export was cancelled.',
  'engine.exportFailed': 'The Excel file could not be built: {{message}}',
  'engine.exportEmpty': 'There is nothing to export.',
  'engine.downloadReason.title': 'Reason for downloading personal data',
  'engine.downloadReason.message':
    'This list holds personal data (phone numbers, e-mail addresses). Choose and write why you download it; the reason is kept in the personal-data access log.',
  'engine.downloadReason.code': 'Reason',
  'engine.downloadReason.text': 'Details',
  'engine.downloadReason.help': '2 to 500 characters',
  'engine.downloadReason.WORK': 'Work',
  'engine.downloadReason.AUDIT': 'Audit or inspection',
  'engine.downloadReason.SETTLEMENT': 'Contract or settlement',
  'engine.downloadReason.OTHER': 'Other',
  'engine.downloadReason.codeMissing': 'Choose a reason.',
  'engine.downloadReason.tooShort': 'Write at least {{min}} characters of details.',
  'engine.rowInvalid': 'Row {{row}}: {{message}}',
  'engine.rowsInvalid': 'Please check the values.',
  'engine.checkFields': 'Please check what you entered.',
  'engine.cellLabel': '{{detail}} row {{row}} {{column}}',
  'engine.detailRows': 'Rows',
  'engine.minRows': 'At least {{count}} row(s) are needed.',
  'engine.maxRows': 'At most {{count}} rows are allowed.',
  'engine.readOnly': 'Read only',
  'engine.noPermission': 'You do not have the right to do this.',
  'engine.treeEmpty': 'No entries.',
  'engine.treeSelect': 'Choose an entry in the tree.',
  'engine.treeFilter': 'Filter',
  'engine.loading': 'Loading…',
  'engine.loadFailed': 'Could not load: {{message}}',
  'engine.retry': 'Retry',
  'engine.noRecord': 'Nothing is selected. Choose one from the list.',
  'engine.noRecordNoList': 'Nothing is selected. Open one from its list or a link.',
  'engine.toList': 'Go to {{list}}',
  'engine.choosePrompt': 'Choose the supplier to show.',
  'engine.chooseCompany': 'Choose a supplier',
  'engine.definitionError': 'Screen definition error',
  'engine.definitionErrorHelp':
    'The definition file of this screen has problems, so it cannot be shown. Fix the places below.',
  'engine.unknownScreen': 'Screen {{id}} was not found.',
  'engine.attachments': 'Attachments',
  'engine.unsaved': 'There are unsaved changes.',
  'engine.totalLabel': 'Total',
  'engine.chartEmpty': 'Nothing to show.',
  'engine.pivotMeasure': 'Measure',
  'engine.pivotTitle': '{{measure}} by {{axis}}',
  'engine.pivotCrossTitle': '{{measure}} by {{axis}} × {{column}}',
  'engine.pivotWon': 'KRW {{amount}}',
  'engine.pivotLoading': 'Reading every row for the pivot ({{done}} / {{total}}).',
  'engine.pivotTruncated': 'Too many rows: the pivot is made of the first {{count}}. Narrow the search.',
  'engine.pivotExportRowTitle': 'Rows',
  'engine.pivotExportPrevious': 'Previous period',
  'engine.pivotExportChange': 'Change (%)',
  'engine.pivotExportRows': 'Data',
  'engine.chartKind.bar': 'Bar',
  'engine.chartKind.stackedBar': 'Stacked bar',
  'engine.chartKind.line': 'Line',
  'engine.chartKind.area': 'Area',
  'engine.chartKind.pie': 'Pie',
  'engine.chartAlt': '{{kind}} chart of {{count}} items: {{series}}.',
  'engine.chartAltGrid': 'The same data is in the table "{{grid}}" below.',
  'engine.chartAltTable': 'The same data is in the table below.',
  'engine.chartSummary': '{{title}}: of {{count}} items, the largest {{series}} is {{top}}, {{value}}.',
  'engine.chartSummaryEmpty': '{{title}}: nothing to show.',
  'engine.chartShowTable': 'Show as table',
  'engine.chartCategory': 'Item',
  'engine.required': 'This field is required.',
  'engine.requiredLegend': '* marks a required field.',
  'engine.duplicateKey': 'Another row has the same value.',
  'engine.cellLocked': 'The {{column}} of a saved row cannot be changed.',
  'engine.pattern': 'The format is not valid.',
  'engine.minimum': 'Must be at least {{limit}}.',
  'engine.maximum': 'Must be at most {{limit}}.',
  'engine.moveUp': 'Up',
  'engine.moveDown': 'Down',
  'validation.maxChars': 'The text exceeds {max} characters.',
};

function interpolate(text: string, vars: Record<string, unknown> | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    return Object.hasOwn(vars, name) ? String(vars[name]) : whole;
  });
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * In English a count of one reads in the singular where a text has one (`engine.total_one`, '1 row', beside
 * '{{count}} rows'). i18next chooses it for a number; a count passed formatted ('1', '1,234') is a string, which
 * it leaves alone, so the key is chosen here.
 */
function singularKey(key: string, vars: Record<string, unknown> | undefined, has: (k: string) => boolean): string {
  return vars && String(vars.count) === '1' && has(`${key}_one`) ? `${key}_one` : key;
}

/** Looks like an i18n key (dotted words) rather than a label written out. */
export const looksLikeKey = (text: string): boolean => /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(text);

/**
 * Server messages (the `message` table, edited in messageManage) sit under `msg.` in the app's
 * i18next resources, keyed as the server keys them (app/i18n/messages.ts).
 */
export const SERVER_MESSAGE_PREFIX = 'msg.';

/**
 * The engine's translate function. Order: the server's message for the key (`msg.<key>`, so
 * messageManage can change any label or button), then the bundles (the app's, the screens',
 * the engine's), then the engine's fallback, then — for a label that is not a key — the text.
 */
export function useEngineText(): Translate {
  // Re-render when resources are added: server messages merged after a messageManage save show at once.
  const { t, i18n } = useTranslation(undefined, RERENDER_ON_ADDED);
  const english = typeof i18n?.language === 'string' && i18n.language.startsWith('en');
  return useCallback<Translate>(
    (key, vars) => {
      if (!looksLikeKey(key)) return resolveParticles(interpolate(key, vars));
      const textKey = english
        ? singularKey(key, vars, (k) => Object.hasOwn(ENGINE_TEXTS_EN, k) || !!i18n?.exists?.(k))
        : key;
      const fallback = (english ? ENGINE_TEXTS_EN[textKey] : undefined) ?? ENGINE_TEXTS_KO[key] ?? key;
      const server = SERVER_MESSAGE_PREFIX + key;
      const out = i18n?.exists?.(server) ? t(server, vars) : t(textKey, { defaultValue: fallback, ...vars });
      // Server messages write placeholders as {max}; i18next fills only {{max}}. Particles after a
      // value filled here are chosen once it is in (lib/josa.ts).
      return resolveParticles(interpolate(typeof out === 'string' ? out : fallback, vars));
    },
    [t, i18n, english],
  );
}

/**
 * A field's label: the definition's label, else the screen's own key for the field (`labelKey`, from
 * the definition's `labels` prefix: engine/runtime/field-labels.ts), else the shared field
 * dictionary (`field.<name>`), else the name.
 */
export function fieldLabel(t: Translate, def: { field: string; label?: string; labelKey?: string }): string {
  if (def.label) return t(def.label);
  for (const key of [def.labelKey, `field.${def.field}`]) {
    if (!key) continue;
    const text = t(key);
    if (text !== key) return text;
  }
  return def.field;
}
