import { defineTreeScreen } from '../../../engine/define';

const PORTALS = [
  { value: 'I', text: 'option.portal.I' },
  { value: 'X', text: 'option.portal.X' },
];

/**
 * /portal/author/menuManage — the menu tree of both portals (a supplier administrator given the
 * screen sees its own portal only). Add, edit, move (the parent), reorder (위로/아래로),
 * deactivate (사용여부) or delete; a URL with a scheme is refused, a URL the app has no route
 * for is saved with a warning. Every change reaches the next menu load and login check at once.
 */
export default defineTreeScreen({
  id: 'portal.menuManage',
  route: '/portal/author/menuManage',
  title: 'screen.portalAdmin.menuManage',
  labels: 'screen.portalAdmin.field',
  description: 'Menus of both portals: the tree on the left, the chosen menu on the right.',
  tree: {
    operation: 'listAdminMenus',
    idField: 'pgmId',
    labelField: 'pgmName',
    parentField: 'parentId',
    detailField: 'sspUrl',
    search: true,
    rootLabel: 'screen.portalAdmin.menuTree',
  },
  actions: [{ kind: 'new', label: 'screen.portalAdmin.newMenu' }],
  detail: {
    sections: [
      {
        title: 'screen.portalAdmin.menu',
        columns: 3,
        fields: [
          {
            field: 'pgmId',
            required: true,
            createOnly: true,
            maxLength: 40,
            pattern: '^[A-Z][A-Z0-9_]*$',
            help: 'screen.portalAdmin.pgmIdHint',
          },
          {
            field: 'portal',
            widget: 'select',
            options: PORTALS,
            required: true,
            createOnly: true,
            emptyOption: 'none',
            default: 'I',
          },
          {
            field: 'parentId',
            widget: 'select',
            optionsFrom: { operation: 'listAdminMenus', value: 'pgmId', text: 'pgmName' },
            emptyOption: 'choose',
            help: 'screen.portalAdmin.parentHint',
          },
          { field: 'pgmName', required: true, maxLength: 100 },
          { field: 'pgmNameEn', required: true, maxLength: 100 },
          {
            field: 'leaf',
            widget: 'select',
            options: [
              { value: 'T', text: 'screen.portalAdmin.leafT' },
              { value: 'F', text: 'screen.portalAdmin.leafF' },
            ],
            required: true,
            emptyOption: 'none',
            default: 'T',
          },
          {
            field: 'sspUrl',
            maxLength: 200,
            visible: "form.leaf == 'T'",
            placeholder: '/examples/codeList',
            help: 'screen.portalAdmin.urlHint',
          },
          {
            field: 'subUrls',
            widget: 'textarea',
            rows: 2,
            maxLength: 1000,
            visible: "form.leaf == 'T'",
            span: 2,
            help: 'screen.portalAdmin.subUrlsHint',
          },
          { field: 'sortOrder', widget: 'number', type: 'integer', minimum: 0, maximum: 99999 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', required: true, emptyOption: 'none', default: 'Y' },
          {
            field: 'routeKnown',
            widget: 'select',
            options: [
              { value: 'Y', text: 'screen.portalAdmin.routeKnownY' },
              { value: 'N', text: 'screen.portalAdmin.routeKnownN' },
            ],
            readOnly: true,
            visible: "mode == 'update' && form.leaf == 'T'",
          },
          { field: 'depth', widget: 'number', type: 'integer', readOnly: true, visible: "mode == 'update'" },
        ],
      },
    ],
    actions: [
      {
        kind: 'call',
        id: 'moveUp',
        label: 'screen.portalAdmin.moveUp',
        operation: 'reorderMenu',
        visible: "mode == 'update'",
        success: 'screen.portalAdmin.moved',
        params: { path: { pgmId: 'form.pgmId' }, body: { direction: "'up'", version: 'form.version' } },
        then: ['reloadCodes'],
      },
      {
        kind: 'call',
        id: 'moveDown',
        label: 'screen.portalAdmin.moveDown',
        operation: 'reorderMenu',
        visible: "mode == 'update'",
        success: 'screen.portalAdmin.moved',
        params: { path: { pgmId: 'form.pgmId' }, body: { direction: "'down'", version: 'form.version' } },
        then: ['reloadCodes'],
      },
      {
        kind: 'delete',
        operation: 'deleteMenu',
        label: 'screen.portalAdmin.deleteMenu',
        visible: "mode == 'update'",
        then: ['reloadCodes'],
      },
      {
        kind: 'save',
        operation: 'createMenu',
        updateOperation: 'updateMenu',
        variant: 'primary',
        then: ['reloadCodes'],
      },
    ],
  },
});
