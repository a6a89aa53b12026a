import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { actionErrors } from '../../../domain/schemas.js';
import { getHolidayYear, listHolidayYears, putHolidayYear } from '../holidays.js';
import {
  CompNoParams,
  HolidayYearBody,
  HolidayYearList,
  ItemCodeParams,
  ItemTaxTypeBody,
  ItemTaxTypeList,
  ItemTaxTypeQuery,
  SettingsSchemas,
  SupplierTaxTypeBody,
  SupplierTaxTypeList,
  SupplierTaxTypeQuery,
  YearParams,
} from './schemas.js';
import {
  getItemTaxType,
  getSupplierTaxType,
  listItemTaxTypes,
  listSupplierTaxTypes,
  setItemTaxType,
  setSupplierTaxType,
} from '../tax-types.js';

// Their own menus (screens/tax-invoice): 품목 과세유형, 협력사 과세유형, 공휴일 관리 — each with its edit dialog.
const ITEM_TAX = '/itemTaxType';
const SUPPLIER_TAX = '/supplierTaxType';
const HOLIDAYS = '/publicHoliday';
const TAG = ['tax invoices'];

/** The settings the invoices are drawn and their deadlines counted by: tax types and the holiday calendar. */
export const taxSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const schema of SettingsSchemas) app.addSchema(schema);

  app.get(
    '/api/v1/tax-types/items',
    {
      config: { access: access.login([ITEM_TAX], 'read', ['I']) },
      schema: {
        operationId: 'listItemTaxTypes',
        tags: TAG,
        summary: 'Items with their tax type (null: the supplier’s default)',
        querystring: ItemTaxTypeQuery,
        response: { 200: ItemTaxTypeList, ...commonErrors },
      },
    },
    async (request) => listItemTaxTypes(request.db, request.query, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/tax-types/items/:itemCode',
    {
      config: { access: access.login([ITEM_TAX], 'read', ['I']) },
      schema: {
        operationId: 'getItemTaxType',
        tags: TAG,
        summary: 'One item’s tax type',
        params: ItemCodeParams,
        response: { 200: Type.Ref('ItemTaxTypeRow'), ...commonErrors },
      },
    },
    async (request) => getItemTaxType(request.db, request.params.itemCode),
  );

  app.put(
    '/api/v1/tax-types/items/:itemCode',
    {
      config: { access: access.login([ITEM_TAX], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'setItemTaxType',
        tags: TAG,
        summary: 'Set an item’s tax type (과세, 영세율, 면세), or null to follow the supplier’s default',
        params: ItemCodeParams,
        body: ItemTaxTypeBody,
        response: { 200: Type.Ref('ItemTaxTypeRow'), ...actionErrors },
      },
    },
    async (request) => setItemTaxType(request.db, request.params.itemCode, request.body, request.caller!.userId),
  );

  app.get(
    '/api/v1/tax-types/suppliers',
    {
      config: { access: access.login([SUPPLIER_TAX], 'read', ['I']) },
      schema: {
        operationId: 'listSupplierTaxTypes',
        tags: TAG,
        summary: 'Suppliers with their default tax type and 영세율 evidence',
        querystring: SupplierTaxTypeQuery,
        response: { 200: SupplierTaxTypeList, ...commonErrors },
      },
    },
    async (request) => listSupplierTaxTypes(request.db, request.query, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/tax-types/suppliers/:compNo',
    {
      config: { access: access.login([SUPPLIER_TAX], 'read', ['I']) },
      schema: {
        operationId: 'getSupplierTaxType',
        tags: TAG,
        summary: 'One supplier’s default tax type',
        params: CompNoParams,
        response: { 200: Type.Ref('SupplierTaxTypeRow'), ...commonErrors },
      },
    },
    async (request) => getSupplierTaxType(request.db, request.params.compNo),
  );

  app.put(
    '/api/v1/tax-types/suppliers/:compNo',
    {
      config: { access: access.login([SUPPLIER_TAX], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'setSupplierTaxType',
        tags: TAG,
        summary:
          'Set a supplier’s default tax type; 영세율 needs its 내국신용장 (LOCAL_LC) or 구매확인서 (PURCHASE_CONFIRMATION) number',
        params: CompNoParams,
        body: SupplierTaxTypeBody,
        response: { 200: Type.Ref('SupplierTaxTypeRow'), ...actionErrors },
      },
    },
    async (request) => setSupplierTaxType(request.db, request.params.compNo, request.body, request.caller!.userId),
  );

  app.get(
    '/api/v1/public-holidays',
    {
      config: { access: access.login([HOLIDAYS], 'read', ['I']) },
      schema: {
        operationId: 'listPublicHolidayYears',
        tags: TAG,
        summary: 'The years whose public-holiday calendar is entered, each with its days',
        response: { 200: HolidayYearList, ...commonErrors },
      },
    },
    async (request) => listHolidayYears(request.db),
  );

  app.get(
    '/api/v1/public-holidays/:year',
    {
      config: { access: access.login([HOLIDAYS], 'read', ['I']) },
      schema: {
        operationId: 'getPublicHolidayYear',
        tags: TAG,
        summary: 'One year’s public holidays',
        params: YearParams,
        response: { 200: Type.Ref('HolidayYear'), ...commonErrors },
      },
    },
    async (request) => getHolidayYear(request.db, request.params.year),
  );

  app.put(
    '/api/v1/public-holidays/:year',
    {
      config: { access: access.login([HOLIDAYS], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'putPublicHolidayYear',
        tags: TAG,
        summary:
          'Enter or replace a year’s public holidays (checked: real dates of the year, once each, 1/1 and 12/25 present); version: the year’s, omitted for a new year',
        params: YearParams,
        body: HolidayYearBody,
        response: { 200: Type.Ref('HolidayYear'), ...actionErrors },
      },
    },
    async (request) => putHolidayYear(request.db, request.params.year, request.body, request.caller!.userId),
  );
};
