/**
 * The designer on its own, for its tests and its story: a fresh i18n instance with the studio's
 * texts, a history of its own loaded with a definition, the screen language's real schema and a
 * small slice of the contract (what listStudioOperations answers for the operations named).
 */
import type { i18n as I18n } from 'i18next';
import { useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../../i18n/create-i18n';
import { memoryStorage } from '../../../../testing/memory-storage';
import screenSchema from '../../../../../schemas/screen.schema.json';
import studioEn from '../../../../../screens/portal/screen/i18n/en.json';
import studioKo from '../../../../../screens/portal/screen/i18n/ko.json';
import { problemWords } from '../../../../../lib/screen-check/words';
import type { StudioOperation } from '../completion';
import type { Problem } from '../studio-types';
import DesignerPane from './DesignerPane';
import { createHistoryStore, type HistoryStore } from './history';

const HARNESS_OPERATIONS: StudioOperation[] = [
  {
    id: 'listCodes',
    summary: '공통코드 목록',
    method: 'get',
    list: true,
    pathParams: ['groupId'],
    queryParams: ['groupId', 'useYn', 'page', 'size', 'sort'],
    sortFields: ['code', 'sortOrder'],
    rowFields: ['code', 'textKo', 'textEn', 'sortOrder', 'useYn'],
    answerFields: null,
    bodyFields: null,
    fieldTexts: { code: '코드', textKo: '한글명', textEn: '영문명', useYn: '사용 여부' },
    screenLabels: { code: { ko: '코드', en: 'Code' }, textKo: { ko: '한글명', en: 'Korean name' } },
  },
];

export const HARNESS_LIST = `{
  "kind": "list",
  "title": "코드 목록",
  "x-analyst-note": "keep me",
  "source": { "operation": "listCodes", "rowKey": "code" },
  "filters": [{ "field": "groupId" }],
  "columns": [
    { "field": "code", "width": 140 },
    { "field": "textKo", "width": 220 },
    { "field": "nope" }
  ]
}
`;

/** A problem as the server answers it: its sentence in Korean, its code and values beside it. */
const unknownColumn = {
  pointer: '/columns/2/field',
  code: 'api.notAField',
  params: { what: 'column', name: 'nope', where: 'the rows of listCodes', known: ['code', 'textKo'] },
};
const HARNESS_PROBLEMS: Problem[] = [
  { ...unknownColumn, message: problemWords({ ...unknownColumn, message: '' }, 'ko').message, suggestion: null },
];

/** The harness's texts: the studio's, in both languages; a test may switch the language of the one it passes. */
export function createHarnessI18n(locale: 'ko' | 'en' = 'ko'): I18n {
  const instance = createI18n({ storage: memoryStorage(), language: locale });
  instance.addResourceBundle('ko', 'translation', studioKo, true, true);
  instance.addResourceBundle('en', 'translation', studioEn, true, true);
  return instance;
}

export function createHarnessStore(text: string): HistoryStore {
  const store = createHistoryStore();
  store.getState().load('harness', text);
  return store;
}

export function DesignerHarness({
  store,
  problems = HARNESS_PROBLEMS,
  readOnly = false,
  onReveal = () => undefined,
  locale = 'ko',
  i18n: given,
  labels,
}: {
  store: HistoryStore;
  problems?: Problem[];
  readOnly?: boolean;
  onReveal?: (pointer: string) => void;
  locale?: 'ko' | 'en';
  i18n?: I18n;
  labels?: Record<string, { ko: string; en: string }>;
}) {
  const own = useMemo(() => createHarnessI18n(locale), [locale]);
  const i18n = given ?? own;
  const [open, setOpen] = useState(true);
  return (
    <I18nextProvider i18n={i18n}>
      {/* Closes and opens the pane as the studio's tabs do: the history must outlive it. */}
      <button type="button" aria-pressed={open} onClick={() => setOpen((o) => !o)}>
        {i18n.t('screen.screenStudio.designer.tabDesigner')}
      </button>
      {open && (
        <DesignerPane
          store={store}
          problems={problems}
          labels={labels}
          schema={screenSchema as unknown as Record<string, unknown>}
          operations={HARNESS_OPERATIONS}
          readOnly={readOnly}
          onReveal={onReveal}
        />
      )}
    </I18nextProvider>
  );
}
