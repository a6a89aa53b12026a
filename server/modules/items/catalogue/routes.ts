import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { ListOfRows } from '../../../domain/schemas.js';
import { ITEM_PICKING_SCREENS, ROUTES } from '../shared.js';
import {
  AttrCreate,
  AttrParams,
  AttrRow,
  AttrUpdate,
  CategoryCreate,
  CategoryRow,
  CategoryUpdate,
  CatParams,
  Conflict,
  DeleteQuery,
  Deleted,
  SgCreate,
  SgParams,
  SgRow,
  SgUpdate,
  UnitCreate,
  UnitParams,
  UnitRow,
  UnitUpdate,
  ValueCreate,
  ValueParams,
  ValueQuery,
  ValueRow,
} from './schemas.js';
import {
  attributeList,
  attributeValue,
  categoryList,
  changeAttribute,
  changeCategory,
  changeSourcingGroup,
  changeUnit,
  changeValue,
  createAttribute,
  createCategory,
  createSourcingGroup,
  createUnit,
  createValue,
  removeCategory,
  sourcingGroupList,
  unitList,
  valueList,
} from './service.js';

/**
 * Catalogue masters (docs/items.md): the category tree, the four-level sourcing groups, item
 * attributes and their allowed values, units and their conversions.
 */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item'];
  const R = (screens: string[]) => ({ access: access.login(screens, 'read', ['I']) });
  const W = (screen: string) => ({ access: access.login([screen], 'write', ['I']), identityBound: false });
  // Lists the catalogue screens choose from (categories, units, attributes) serve every item screen.
  const PICKERS = [
    ROUTES.category,
    ROUTES.insert,
    ROUTES.detail,
    ROUTES.uploadList,
    ROUTES.uploadDetail,
    ROUTES.review,
    ROUTES.attribute,
    ROUTES.attributeValue,
    ROUTES.unit,
    ROUTES.sourcing,
  ];

  // ---- categories
  // The category tree is reference data the item search popup filters by, so every screen that picks
  // items (a requester's PR included) may read it; units and attributes stay with the catalogue screens.
  app.get(
    '/api/v1/item/categories',
    {
      config: R([...new Set([...PICKERS, ...ITEM_PICKING_SCREENS])]),
      schema: {
        operationId: 'listItemCategories',
        tags,
        summary: 'The category tree (three levels), with item and child counts',
        response: { 200: ListOfRows(CategoryRow), ...commonErrors },
      },
    },
    async (request) => categoryList(request.db),
  );

  app.post(
    '/api/v1/item/categories',
    {
      config: W(ROUTES.category),
      schema: {
        operationId: 'createItemCategory',
        tags,
        summary: 'Add a category under a parent (or at the top)',
        body: CategoryCreate,
        response: { 200: CategoryRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => createCategory(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/item/categories/:catCode',
    {
      config: W(ROUTES.category),
      schema: {
        operationId: 'updateItemCategory',
        tags,
        summary: 'Rename, move (parentCode), reorder or deactivate a category; moving keeps the tree ≤ 3 levels',
        params: CatParams,
        body: CategoryUpdate,
        response: { 200: CategoryRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => changeCategory(request.db, request.params.catCode, request.body, request.caller!.userId),
  );

  app.delete(
    '/api/v1/item/categories/:catCode',
    {
      config: W(ROUTES.category),
      schema: {
        operationId: 'deleteItemCategory',
        tags,
        summary: 'Delete a category without items or children (else 409: deactivate it instead)',
        params: CatParams,
        querystring: DeleteQuery,
        response: { 200: Deleted, ...Conflict, ...commonErrors },
      },
    },
    async (request) =>
      removeCategory(request.db, request.params.catCode, request.query.version, request.caller!.userId),
  );

  // ---- sourcing groups
  app.get(
    '/api/v1/item/sourcing-groups',
    {
      config: R(PICKERS),
      schema: {
        operationId: 'listSourcingGroups',
        tags,
        summary: 'The four-level sourcing groups with the buyer of each level-4 group',
        response: { 200: ListOfRows(SgRow), ...commonErrors },
      },
    },
    async (request) => sourcingGroupList(request.db),
  );

  app.post(
    '/api/v1/item/sourcing-groups',
    {
      config: W(ROUTES.sourcing),
      schema: {
        operationId: 'createSourcingGroup',
        tags,
        summary: 'Add a sourcing group one level below its parent (level 001 without a parent)',
        body: SgCreate,
        response: { 200: SgRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => createSourcingGroup(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/item/sourcing-groups/:sgCode',
    {
      config: W(ROUTES.sourcing),
      schema: {
        operationId: 'updateSourcingGroup',
        tags,
        summary: 'Rename, reorder, (de)activate a sourcing group or change the buyer of a level-4 group',
        params: SgParams,
        body: SgUpdate,
        response: { 200: SgRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => changeSourcingGroup(request.db, request.params.sgCode, request.body, request.caller!.userId),
  );

  // ---- attributes and their allowed values
  app.get(
    '/api/v1/item/attributes',
    {
      config: R(PICKERS),
      schema: {
        operationId: 'listItemAttributes',
        tags,
        summary: 'Item attributes',
        response: { 200: ListOfRows(AttrRow), ...commonErrors },
      },
    },
    async (request) => attributeList(request.db),
  );

  app.post(
    '/api/v1/item/attributes',
    {
      config: W(ROUTES.attribute),
      schema: {
        operationId: 'createItemAttribute',
        tags,
        summary: 'Add an item attribute',
        body: AttrCreate,
        response: { 200: AttrRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => createAttribute(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/item/attributes/:attrCode',
    {
      config: W(ROUTES.attribute),
      schema: {
        operationId: 'updateItemAttribute',
        tags,
        summary: 'Rename, reorder or (de)activate an attribute',
        params: AttrParams,
        body: AttrUpdate,
        response: { 200: AttrRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => changeAttribute(request.db, request.params.attrCode, request.body, request.caller!.userId),
  );

  app.get(
    '/api/v1/item/attribute-values',
    {
      config: R(PICKERS),
      schema: {
        operationId: 'listItemAttributeValues',
        tags,
        summary: 'Allowed values of the attributes (one attribute with attrCode), a page at a time',
        querystring: ValueQuery,
        response: { 200: ListOfRows(ValueRow), ...commonErrors },
      },
    },
    async (request) => valueList(request.db, request.query),
  );

  app.get(
    '/api/v1/item/attributes/:attrCode/values/:valueCode',
    {
      config: R([ROUTES.attributeValue]),
      schema: {
        operationId: 'getItemAttributeValue',
        tags,
        summary: 'One allowed value',
        params: ValueParams,
        response: { 200: ValueRow, ...commonErrors },
      },
    },
    async (request) => attributeValue(request.db, request.params.attrCode, request.params.valueCode),
  );

  app.post(
    '/api/v1/item/attributes/:attrCode/values',
    {
      config: W(ROUTES.attributeValue),
      schema: {
        operationId: 'createItemAttributeValue',
        tags,
        summary: 'Allow a new value for an attribute',
        params: AttrParams,
        body: ValueCreate,
        response: { 200: ValueRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => createValue(request.db, request.params.attrCode, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/item/attributes/:attrCode/values/:valueCode',
    {
      config: W(ROUTES.attributeValue),
      schema: {
        operationId: 'updateItemAttributeValue',
        tags,
        summary:
          'Rename, reorder or (de)activate an allowed value; a deactivated value is refused for new items and uploads',
        params: ValueParams,
        body: AttrUpdate,
        response: { 200: ValueRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) =>
      changeValue(request.db, request.params.attrCode, request.params.valueCode, request.body, request.caller!.userId),
  );

  // ---- units and conversions
  app.get(
    '/api/v1/item/units',
    {
      config: R(PICKERS),
      schema: {
        operationId: 'listUnits',
        tags,
        summary: 'Units of measure with their conversions',
        response: { 200: ListOfRows(UnitRow), ...commonErrors },
      },
    },
    async (request) => unitList(request.db),
  );

  app.post(
    '/api/v1/item/units',
    {
      config: W(ROUTES.unit),
      schema: {
        operationId: 'createUnit',
        tags,
        summary: 'Add a unit with its conversions',
        body: UnitCreate,
        response: { 200: UnitRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => createUnit(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/item/units/:unitCode',
    {
      config: W(ROUTES.unit),
      schema: {
        operationId: 'updateUnit',
        tags,
        summary: 'Rename, reorder, (de)activate a unit and replace its conversions',
        params: UnitParams,
        body: UnitUpdate,
        response: { 200: UnitRow, ...Conflict, ...commonErrors },
      },
    },
    async (request) => changeUnit(request.db, request.params.unitCode, request.body, request.caller!.userId),
  );
};
