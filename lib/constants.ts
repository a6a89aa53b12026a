/**
 * Spec §9 business constants that belong to no single rule file. Rule-specific constants live
 * beside their rule, so each has one home:
 * - date.ts: MIN_DATE
 * - clock-skew.ts: CLOCK_SKEW_THRESHOLD_MS
 * - ad-timestamp.ts: AD_TIMESTAMP_VALIDITY_SEC, TOKEN_WINDOW_SEC, TIMESTAMP_LENGTH
 * - file-size.ts: BYTES_PER_MB, DEFAULT_UPLOAD_LIMIT_MB
 * - person-search.ts: PERSON_NAME_MIN
 */

/** Grid: 10 visible rows, row height 27 px, header 30 px. */
export const GRID_VISIBLE_ROWS = 10;
export const GRID_ROW_HEIGHT = 27;
export const GRID_HEADER_HEIGHT = 30;

/** Department and person popup grids are 400 px high. */
export const POPUP_GRID_HEIGHT = 400;

/** A lazily loaded route chunk that takes longer than this is treated as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Modals stack upward from this z-index. */
export const MODAL_Z_INDEX_BASE = 3000;

/** Mega-menu panel widths (px): the narrow one below MENU_BREAKPOINT, the wide one from it. */
export const MENU_LAYOUT_WIDTHS: readonly [900, 1200] = Object.freeze([900, 1200] as const);
export const MENU_BREAKPOINT = 1600;
export const MENU_COLUMNS_PER_ROW = 5;

/** Excel export file type. */
export const EXPORT_EXTENSION = '.xlsx';

/**
 * Above this many rows a list's Excel export is written on the server as a job: the browser
 * path holds every row in a worker's memory (bench/results/log.md: 100,000 rows × 14 columns).
 */
export const SERVER_EXPORT_ROWS = 100_000;

/**
 * The spec's default language is the locale ko_KR; i18next and <html lang> use the language
 * code 'ko', so both forms are given. Pinned as the spec's constant (constants.test.ts) though the app
 * reads the language module's own.
 * @public
 */
export const DEFAULT_LANGUAGE = 'ko';
export const DEFAULT_LOCALE = 'ko_KR';

/**
 * Spec §4: the chosen language is stored under the key `language`. A spec constant, pinned.
 * @public
 */
export const LANGUAGE_STORAGE_KEY = 'language';
