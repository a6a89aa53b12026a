// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { labelBundle, registerStoredLabels, storedLabelPrefix, withStoredLabelPrefix } from './stored-labels';

describe('stored screen labels', () => {
  it('become i18n texts under the screen’s versioned prefix, only where given', async () => {
    expect(labelBundle('studio.x.v2', { a: { ko: '가', en: '' }, b: { ko: '나', en: 'B' } }, 'en')).toEqual({
      studio: { x: { v2: { b: 'B' } } },
    });
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ko',
      resources: { ko: { translation: { field: { compNameKr: '협력사명' } } }, en: { translation: {} } },
    });
    const prefix = storedLabelPrefix('openPo', 3);
    registerStoredLabels(i18n, prefix, { dueDate: { ko: '납기일', en: 'Due date' } });
    expect(i18n.t(`${prefix}.dueDate`)).toBe('납기일');
    expect(i18n.t(`${prefix}.dueDate`, { lng: 'en' })).toBe('Due date');
    // Not given: the key stays a key, so the engine falls back to field.<name>.
    expect(i18n.exists(`${prefix}.compNameKr`)).toBe(false);
  });

  it('names the prefix in the definition unless it names its own', () => {
    expect(withStoredLabelPrefix({ kind: 'list' }, 'studio.a.v1')).toEqual({ kind: 'list', labels: 'studio.a.v1' });
    expect(withStoredLabelPrefix({ kind: 'list', labels: 'screen.mine' }, 'studio.a.v1')).toEqual({
      kind: 'list',
      labels: 'screen.mine',
    });
  });
});
