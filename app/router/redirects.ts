/**
 * Section entry paths that have no page of their own and open their first screen instead.
 * Kept as data so the route table and the tests share one list.
 */
export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/portal/author', to: '/portal/author/menuManage' },
  { from: '/portal/codeManage', to: '/portal/codeManage/cmmnCodeManage' },
];
