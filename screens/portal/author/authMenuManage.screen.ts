import { defineTreeScreen } from '../../../engine/define';

/**
 * /portal/author/authMenuManage — the menus of one authority group's portal with the group's read
 * and write (a matrix: menus × the chosen group). Ticking leaves and 권한 저장 saves them as one
 * change (write implies read; folders follow their leaves); 다른 그룹에서 복사 replaces the
 * group's grants with another group's. Takes effect at the next menu load and API call.
 */
export default defineTreeScreen({
  id: 'portal.authMenuManage',
  route: '/portal/author/authMenuManage',
  title: 'screen.portalAdmin.authMenuManage',
  labels: 'screen.portalAdmin.field',
  tree: {
    operation: 'listAdminAuthGroups',
    params: { query: { useYn: "'Y'" } },
    idField: 'authGroupId',
    labelField: 'label',
    detailField: 'portal',
    search: true,
    rootLabel: 'screen.portalAdmin.groups',
  },
  detail: {
    sections: [
      {
        title: 'screen.portalAdmin.group',
        columns: 3,
        fields: [
          { field: 'authGroupId', readOnly: true },
          { field: 'nameKo', readOnly: true },
          {
            field: 'portal',
            widget: 'select',
            options: [
              { value: 'I', text: 'option.portal.I' },
              { value: 'X', text: 'option.portal.X' },
            ],
            readOnly: true,
          },
        ],
      },
    ],
    details: [
      {
        id: 'menus',
        title: 'screen.portalAdmin.matrix',
        rowKey: 'pgmId',
        load: {
          operation: 'listGroupMenuAuth',
          params: { path: { authGroupId: 'form.authGroupId' }, query: { size: '5000' } },
        },
        canAdd: false,
        canDelete: false,
        visibleRows: 18,
        columns: [
          { field: 'menuPath', width: 360 },
          { field: 'sspUrl', width: 240 },
          { field: 'canRead', type: 'checkbox', width: 70, editable: true },
          { field: 'canWrite', type: 'checkbox', width: 70, editable: true },
          { field: 'useYn', type: 'code', codeGroup: 'USE_YN', width: 80 },
          { field: 'pgmId', width: 200 },
        ],
      },
    ],
    actions: [
      {
        kind: 'call',
        id: 'copyFrom',
        label: 'screen.portalAdmin.copyFrom',
        operation: 'copyGroupMenuAuth',
        confirm: 'screen.portalAdmin.confirmCopy',
        prompt: {
          fields: [
            {
              field: 'fromGroupId',
              label: 'screen.portalAdmin.copySource',
              widget: 'select',
              required: true,
              optionsFrom: { operation: 'listAdminAuthGroups', value: 'authGroupId', text: 'label' },
            },
          ],
        },
        params: {
          path: { authGroupId: 'form.authGroupId' },
          body: { fromGroupId: 'input.fromGroupId', version: 'form.version' },
        },
        then: ['reload', 'reloadCodes'],
      },
      {
        kind: 'call',
        id: 'saveAuthority',
        label: 'screen.portalAdmin.saveAuthority',
        operation: 'saveGroupMenuAuth',
        variant: 'primary',
        confirm: 'ui.confirmSave',
        success: 'ui.saved',
        params: {
          path: { authGroupId: 'form.authGroupId' },
          body: { version: 'form.version', rows: "pick(detail.menus.changed, ['pgmId', 'canRead', 'canWrite'])" },
        },
        then: ['reload', 'reloadCodes'],
      },
    ],
  },
});
