import { defineTreeScreen } from '../../../engine/define';

/**
 * /portal/author/authorGroupManage — authority groups (spec §6: 99, 50, 60, 31/32/33, 61, 10,
 * 20, 30, 40 …): add, rename, deactivate; the system group (99) can be neither deactivated nor
 * removed, a group with users cannot be removed.
 */
export default defineTreeScreen({
  id: 'portal.authorGroupManage',
  route: '/portal/author/authorGroupManage',
  title: 'screen.portalAdmin.authorGroupManage',
  labels: 'screen.portalAdmin.field',
  tree: {
    operation: 'listAdminAuthGroups',
    idField: 'authGroupId',
    labelField: 'label',
    detailField: 'portal',
    search: true,
    rootLabel: 'screen.portalAdmin.groups',
  },
  actions: [{ kind: 'new', label: 'screen.portalAdmin.newGroup' }],
  detail: {
    sections: [
      {
        title: 'screen.portalAdmin.group',
        columns: 3,
        fields: [
          {
            field: 'authGroupId',
            required: true,
            createOnly: true,
            maxLength: 2,
            pattern: '^[0-9A-Z]{2}$',
            help: 'screen.portalAdmin.groupIdHint',
          },
          {
            field: 'portal',
            widget: 'select',
            options: [
              { value: 'I', text: 'option.portal.I' },
              { value: 'X', text: 'option.portal.X' },
            ],
            required: true,
            createOnly: true,
            emptyOption: 'none',
            default: 'I',
          },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', required: true, emptyOption: 'none', default: 'Y' },
          { field: 'nameKo', required: true, maxLength: 50 },
          { field: 'nameEn', required: true, maxLength: 50 },
          { field: 'sortOrder', widget: 'number', type: 'integer', minimum: 0, maximum: 99999 },
          { field: 'description', maxLength: 200, span: 2 },
          { field: 'userCount', widget: 'number', type: 'integer', readOnly: true, visible: "mode == 'update'" },
        ],
      },
    ],
    actions: [
      {
        kind: 'navigate',
        id: 'authority',
        label: 'screen.portalAdmin.openAuthority',
        route: '/portal/author/authMenuManage',
        visible: "mode == 'update'",
      },
      {
        kind: 'delete',
        operation: 'deleteAuthGroup',
        label: 'screen.portalAdmin.deleteGroup',
        visible: "mode == 'update' && form.authGroupId != '99'",
      },
      { kind: 'save', operation: 'createAuthGroup', updateOperation: 'updateAuthGroup', variant: 'primary' },
    ],
  },
});
