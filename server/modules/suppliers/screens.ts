/** The menus (routes) the supplier screens are served under; API access rules name the same routes. */
export const SUPPLIER_SCREENS = {
  list: '/CompManageList',
  edit: '/CompManageEdit',
  statusList: '/compStatusList',
  statusView: '/compStatusView',
  changeStatus: '/compChangeStatusList',
} as const;

/** The supplier's own company screen (CyberCompManageEdit). */
export const MY_COMPANY_SCREEN = '/compManage/CyberCompManageEdit';

export const ERP_SCREENS = { list: '/compGerpAppList', edit: '/compGerpAppEdit' } as const;

export const APPLY_SCREENS = {
  users: '/portal/ogpmsManage/RegisterUser',
  companies: '/compRegList',
  evalList: '/business/evaManage/compRegMngList',
  evalDetail: '/business/evaManage/compRegMngDetail',
} as const;

export const COUNCIL_SCREEN = '/CompCouncilList';
export const PROSPECTS_SCREEN = '/compExcavationList';

/** COMP_STATUS in Korean, as messages and the overview name it. */
export const STATUS_TEXT: Record<string, string> = { ACTIVE: '거래중', SUSPENDED: '거래정지', CLOSED: '거래종료' };
