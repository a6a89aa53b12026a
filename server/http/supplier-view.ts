import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { scopeToCompany } from '../db/company-scope.js';
import type { Db } from '../db/connect.js';
import { AUTH_CODES } from '../auth/codes.js';
import { badRequest, forbidden } from './errors.js';

/**
 * The supplier screens (prCheckList, CyberOrderRequestList, deliverInfo, monthlyCalculate, …) are
 * mounted on both portals (spec §2). A supplier reads its own company's data: `request.db` is
 * already scoped to it, and whatever company it names is ignored. Staff reach the same read
 * operations from the internal address — the route's `access` lets the internal portal in only
 * through the group's internal menu holding that screen — and read across suppliers: every
 * supplier without a company, or one company exactly as its users see it (the same scoped Db, so
 * the same query answers the same rows). Writes stay supplier-only (`portals: ['X']`).
 */
export interface SupplierView {
  db: Db;
  /** true: a staff member reading (never writing) supplier data. */
  staff: boolean;
  /** The company read: the supplier's own, the one staff chose, or null (staff, all suppliers). */
  compNo: string | null;
}

/** Query parameter of the supplier read operations: staff narrow to one supplier; suppliers' is ignored. */
export const SupplierCompanyQuery = {
  compNo: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Staff only: one supplier (as its users see it); empty: every supplier. Ignored for supplier users',
    }),
  ),
};

/** The database a supplier read runs on, for this caller and the company staff asked for. */
export function supplierView(request: FastifyRequest, compNo?: string | null): SupplierView {
  const caller = request.caller;
  if (!caller) throw forbidden('GPMS006', AUTH_CODES.GPMS006);
  if (caller.portal === 'X') return { db: request.db, staff: false, compNo: caller.compNo };
  const chosen = compNo?.trim();
  if (chosen) return { db: scopeToCompany(request.db, chosen), staff: true, compNo: chosen };
  return { db: request.db, staff: true, compNo: null };
}

/**
 * A document several suppliers share (a quotation request): staff must say whose answer to read.
 * 400 COMPANY_REQUIRED without one.
 */
export function supplierViewOfOne(request: FastifyRequest, compNo?: string | null): SupplierView {
  const view = supplierView(request, compNo);
  if (view.staff && !view.compNo)
    throw badRequest('COMPANY_REQUIRED', '협력사를 지정하세요', [
      { path: 'querystring/compNo', message: '협력사를 지정하세요' },
    ]);
  return view;
}
