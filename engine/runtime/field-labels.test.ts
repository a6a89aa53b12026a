// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ScreenDef } from '../definition/types';
import { fieldLabel, type Translate } from '../text';
import { withFieldLabels } from './field-labels';

const TEXTS: Record<string, string> = {
  'screen.pr.field.prNo': '구매요청번호',
  'screen.pr.field.title': '요청 제목',
  'field.title': '제목',
  'field.remark': '비고',
  'screen.pr.lineNo': '순번(직접)',
};
const t: Translate = (key) => TEXTS[key] ?? key;

const def = {
  kind: 'edit',
  id: 'pr.edit',
  title: 'screen.pr.edit',
  labels: 'screen.pr.field',
  sections: [{ fields: [{ field: 'prNo' }, { field: 'title' }, { field: 'remark' }, { field: 'noText' }] }],
  details: [{ id: 'lines', columns: [{ field: 'lineNo', label: 'screen.pr.lineNo' }, { field: 'prNo' }] }],
  actions: [{ kind: 'workflow', id: 'cancel', prompt: { fields: [{ field: 'title' }] } }],
} as unknown as ScreenDef;

describe('labels by convention: a definition names its label prefix once', () => {
  const labelled = withFieldLabels(def) as unknown as {
    sections: Array<{ fields: Array<{ field: string; label?: string; labelKey?: string }> }>;
    details: Array<{ columns: Array<{ field: string; label?: string; labelKey?: string }> }>;
    actions: Array<{ prompt: { fields: Array<{ field: string; labelKey?: string }> } }>;
  };
  const labels = (entries: Array<{ field: string; label?: string; labelKey?: string }>) =>
    entries.map((e) => fieldLabel(t, e));

  it('the screen’s key first, then the shared dictionary, then the name', () => {
    expect(labels(labelled.sections[0].fields)).toEqual(['구매요청번호', '요청 제목', '비고', 'noText']);
  });

  it('an explicit label wins; grid columns and prompt fields follow the prefix too', () => {
    expect(labels(labelled.details[0].columns)).toEqual(['순번(직접)', '구매요청번호']);
    expect(labels(labelled.actions[0].prompt.fields)).toEqual(['요청 제목']);
  });

  it('leaves a definition without a prefix as it is (the same object)', () => {
    const plain = { ...def, labels: undefined } as unknown as ScreenDef;
    expect(withFieldLabels(plain)).toBe(plain);
    expect(fieldLabel(t, { field: 'title' })).toBe('제목');
  });
});
