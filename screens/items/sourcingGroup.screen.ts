import { defineTreeScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/**
 * /item/comp/sourcingGroup — the four-level sourcing groups (the data getSgCode and the
 * four-level selector read); the buyer responsible is set on level 4.
 */
export default defineTreeScreen({
  id: 'items.sourcingGroup',
  route: '/item/comp/sourcingGroup',
  title: T('sourcingGroup'),
  labels: 'screen.items.field',
  tree: {
    operation: 'listSourcingGroups',
    idField: 'sgCode',
    labelField: 'label',
    parentField: 'upCode',
    detailField: 'sgCode',
    search: true,
    rootLabel: T('sourcingGroups'),
  },
  actions: [{ kind: 'new', label: T('newSourcingGroup') }],
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'sgCode', required: true, createOnly: true, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' },
          {
            field: 'upCode',
            widget: 'select',
            emptyOption: 'none',
            createOnly: true,
            optionsFrom: { operation: 'listSourcingGroups', value: 'sgCode', text: 'label' },
          },
          { field: 'sgName', required: true, maxLength: 100 },
          { field: 'sgNameEn', required: true, maxLength: 100 },
          { field: 'sgLevel', readOnly: 'true' },
          // The person popup (spec §2) picks the buyer; its parts go to the group's flat buyerId/buyerName.
          {
            field: 'buyerId',
            label: F('buyerName'),
            widget: 'person',
            params: { singleid: 'buyerId', hname: 'buyerName' },
            help: T('buyerHelp'),
          },
          { field: 'sortOrder', type: 'integer', default: 0 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
          { field: 'itemCount', readOnly: 'true' },
        ],
      },
    ],
    actions: [
      { kind: 'save', operation: 'createSourcingGroup', updateOperation: 'updateSourcingGroup', variant: 'primary' },
    ],
  },
});
