import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { supplierMasterRoutes } from './master.js';
import { supplierStatusRoutes } from './status.js';
import { erpVendorRoutes } from './erp-vendor.js';
import { councilProspectRoutes } from './council-prospects.js';
import { supplierChangeRequestRoutes } from './change-requests.js';

import { supplierApplyPublicRoutes } from './apply-public.js';
import { supplierApplyReviewRoutes } from './apply-review.js';
import { registrationEvaluationRoutes } from './registration-eval.js';

/** Supplier lifecycle (docs/suppliers.md): the master, one supplier at a glance, status change requests, ERP vendor applications, the council and prospects; the supplier's change requests; the public application wizard, its review and the registration evaluation. */
export const supplierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(supplierMasterRoutes);
  await app.register(supplierStatusRoutes);
  await app.register(erpVendorRoutes);
  await app.register(councilProspectRoutes);
  await app.register(supplierChangeRequestRoutes);
  await app.register(supplierApplyPublicRoutes);
  await app.register(supplierApplyReviewRoutes);
  await app.register(registrationEvaluationRoutes);
};
