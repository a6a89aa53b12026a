import { Type, type TSchema } from 'typebox';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

/** The routes (menus) of the catalogue screens; API access rules name the same routes. */
export const ROUTES = {
  category: '/item/category/categoryManage',
  sourcing: '/item/comp/sourcingGroup',
  attribute: '/attribute',
  attributeValue: '/attributeValue',
  unit: '/unitMaster',
  insert: '/itemInsert',
  detail: '/itemDetail',
  uploadList: '/itemExcelUpList',
  uploadDetail: '/itemExcelUpDetail',
  review: '/itemProposalList',
  supplierInfo: '/itemManagement/itemInfo',
  supplierEdit: '/itemManagement/ItemInfoEdit',
  supplierList: '/itemManagement/upItemView',
  supplierDetail: '/itemManagement/upItemDetail',
} as const;

/** Screens that pick items (the item search popup): purchase requests, orders and the catalogue. */
export const ITEM_PICKING_SCREENS = ['/prEdit', '/prConfirmEdit', '/SimpleOrderEdit', '/OrderRequestEdit', ROUTES.detail, ROUTES.insert, ROUTES.review];

export interface FieldError {
  path: string;
  message: string;
}

export const MSG = {
  stale: '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
  invalid: '입력 값을 확인하세요',
} as const;

export function failIf(details: FieldError[]): void {
  if (details.length > 0) throw badRequest('VALIDATION', details.length === 1 ? details[0].message : MSG.invalid, details);
}

export function checkVersion(expected: number, actual: number): void {
  if (expected !== actual) throw conflict('VERSION_CONFLICT', MSG.stale, { currentVersion: actual });
}

export const missing = (code: string, message: string) => notFound(code, message);
export const refused = (code: string, message: string, details?: unknown) => conflict(code, message, details);
export const notAllowed = (message: string) => forbidden('NOT_ALLOWED', message);

/** `{ rows, total }` of a list operation. */
export const ListOf = <T extends TSchema>(row: T) => Type.Object({ rows: Type.Array(row), total: Type.Integer() });

export const VersionBody = { version: Type.Integer({ minimum: 1, description: 'The version read; a stale one answers 409' }) };

/** A trimmed text or null. */
export const text = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** Today's date in Korea. */
export function todayKst(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A non-negative amount with at most 2 decimals, as the exact decimal string. */
export function money(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).replace(/,/g, '').trim();
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(s)) return null;
  return s;
}

export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
}
