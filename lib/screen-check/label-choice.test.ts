// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SCREEN_FIELD_LABELS } from '../../schemas/screen-field-labels.generated';
import { chooseLabel, contractLabel, fieldOperations, labelsAsShown, labelsByContext } from './label-choice';

const dictionary = {
  status: { ko: '계정상태', en: 'Account status' },
  compNameKr: { ko: '업체명', en: 'Company' },
} as Record<string, { ko: string; en: string }>;
const fromDictionary = (f: string) => (Object.hasOwn(dictionary, f) ? dictionary[f]! : null);

describe('labels chosen by context', () => {
  it('takes the analyst’s own, then the operation’s, then the screen’s, then the dictionary’s', () => {
    const screen = { ko: '발주상태', en: 'PO status' };
    expect(
      chooseLabel({ own: { ko: '상태', en: '' }, operation: '주문 상태', screen, dictionary: dictionary.status }),
    ).toEqual({ source: 'own', label: { ko: '상태', en: '' } });
    expect(
      chooseLabel({ own: { ko: ' ', en: '' }, operation: '주문 상태', screen, dictionary: dictionary.status }),
    ).toEqual({ source: 'operation', label: { ko: '주문 상태', en: '주문 상태' } });
    expect(chooseLabel({ operation: 'FAILED (open) or RETRIED', screen, dictionary: dictionary.status })).toEqual({
      source: 'screen',
      label: screen,
    });
    expect(chooseLabel({ dictionary: dictionary.status })).toEqual({ source: 'dictionary', label: dictionary.status });
    expect(chooseLabel({})).toEqual({ source: 'none', label: null });
  });

  it('reads a developer’s English note in the contract as no label', () => {
    expect(contractLabel('FAILED (open) or RETRIED')).toBeNull();
    expect(contractLabel('발주 상태')).toBe('발주 상태');
  });

  it('an unlabelled status column on a PO list is the PO screens’ 발주상태, not the dictionary’s 계정상태', () => {
    const def = {
      kind: 'list',
      source: { operation: 'listPos' },
      columns: [{ field: 'status' }, { field: 'compNameKr' }, { field: 'nothing' }],
      filters: [{ field: 'poNo' }],
    };
    expect(fieldOperations(def)).toEqual({
      status: 'listPos',
      compNameKr: 'listPos',
      nothing: 'listPos',
      poNo: 'listPos',
    });
    const chosen = labelsByContext(
      def,
      ['status', 'compNameKr', 'nothing'],
      {},
      (id) => ({ screenLabels: SCREEN_FIELD_LABELS[id]?.fields }),
      fromDictionary,
    );
    expect(chosen.status).toEqual({ source: 'screen', label: { ko: '발주상태', en: 'PO status' } });
    expect(chosen.compNameKr).toEqual({ source: 'screen', label: { ko: '협력사', en: 'Supplier' } });
    expect(chosen.nothing).toEqual({ source: 'none', label: null });
    // An operation no built-in screen reads: the dictionary.
    const other = labelsByContext(
      { kind: 'list', source: { operation: 'listUnknown' }, columns: [{ field: 'status' }] },
      ['status'],
      {},
      () => undefined,
      fromDictionary,
    );
    expect(other.status.source).toBe('dictionary');
  });

  it('an edit screen’s form fields come from its load; a dashboard panel’s from its source', () => {
    expect(
      fieldOperations({ kind: 'edit', load: { operation: 'getPo' }, sections: [{ fields: [{ field: 'poNo' }] }] }),
    ).toEqual({ poNo: 'getPo' });
    expect(
      fieldOperations({
        kind: 'dashboard',
        panels: [{ source: { operation: 'listPos' }, x: 'compNameKr', value: 'totalAmount' }],
      }),
    ).toEqual({ compNameKr: 'listPos', totalAmount: 'listPos' });
  });
});

describe('labelsAsShown: the preview and the published screen name fields alike', () => {
  it('keeps the analyst’s labels, adds the operation’s and the built-in screen’s, leaves the dictionary to the engine', () => {
    const chosen = labelsByContext(
      {
        kind: 'list',
        source: { operation: 'listContracts' },
        columns: [{ field: 'status' }, { field: 'title' }, { field: 'memo' }, { field: 'poNo' }],
      },
      ['status', 'title', 'memo', 'poNo'],
      { memo: { ko: '비고', en: 'Memo' } },
      () => ({
        fieldTexts: { poNo: '발주 번호' },
        screenLabels: { status: { ko: '계약상태', en: 'Contract status' } },
      }),
      (f) => (f === 'title' ? { ko: '제목', en: 'Title' } : null),
    );
    expect(labelsAsShown({ memo: { ko: '비고', en: 'Memo' } }, chosen)).toEqual({
      memo: { ko: '비고', en: 'Memo' },
      status: { ko: '계약상태', en: 'Contract status' },
      poNo: { ko: '발주 번호', en: '발주 번호' },
    });
  });
});
