import { Type } from 'typebox';

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
export const ITEM_PICKING_SCREENS = [
  '/prEdit',
  '/prConfirmEdit',
  '/SimpleOrderEdit',
  '/OrderRequestEdit',
  '/bid/tenderEdit',
  ROUTES.detail,
  ROUTES.insert,
  ROUTES.review,
];

/** The version field of the catalogue's bodies. */
export const VersionBody = {
  version: Type.Integer({ minimum: 1, description: 'The version read; a stale one answers 409' }),
};
