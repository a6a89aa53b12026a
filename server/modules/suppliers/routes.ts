import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { supplierMasterRoutes } from './master/routes.js';
import { supplierStatusRoutes } from './status/routes.js';
import { erpVendorRoutes } from './erp-vendor/routes.js';
import { councilProspectRoutes } from './council-prospects/routes.js';
import { supplierChangeRequestRoutes } from './change-requests/routes.js';

import { supplierApplyPublicRoutes } from './apply-public/routes.js';
import { supplierApplyReviewRoutes } from './apply-review/routes.js';
import { registrationEvaluationRoutes } from './registration-eval/routes.js';

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
