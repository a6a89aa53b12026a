// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('spec §9 constants', () => {
  it('pin the values', () => {
    expect({ ...C }).toEqual({
      GRID_VISIBLE_ROWS: 10,
      GRID_ROW_HEIGHT: 27,
      GRID_HEADER_HEIGHT: 30,
      POPUP_GRID_HEIGHT: 400,
      CHUNK_LOAD_TIMEOUT_MS: 120000,
      MODAL_Z_INDEX_BASE: 3000,
      MENU_LAYOUT_WIDTHS: [900, 1200],
      MENU_BREAKPOINT: 1600,
      MENU_COLUMNS_PER_ROW: 5,
      EXPORT_EXTENSION: '.xlsx',
      SERVER_EXPORT_ROWS: 100_000,
      DEFAULT_LANGUAGE: 'ko',
      DEFAULT_LOCALE: 'ko_KR',
      LANGUAGE_STORAGE_KEY: 'language',
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(C.MENU_LAYOUT_WIDTHS)).toBe(true);
  });
});
