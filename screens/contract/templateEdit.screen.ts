import { defineEditScreen } from '../../engine/define';
import { CONTRACT_TYPE, f, SIGN_ORDER, T, USE_YN } from './contract-parts';

/**
 * /contract/templateEdit — one contract template: name, type, signing order and the text with its
 * placeholders ({{variable}} from the catalogue, {{clause:CODE}} from the clause library; the server
 * refuses an unknown one). Under the text, the variables with their meaning (listContractVariables); pressing
 * one inserts its placeholder at the cursor. A save makes the next version; contracts keep the version they were
 * made from.
 */
export default defineEditScreen({
  id: 'contract.templateEdit',
  route: '/contract/templateEdit',
  portals: ['internal'],
  title: `${T}.templateEdit.title`,
  labels: `${T}.field`,
  description: 'A contract template: its text with placeholders; each save is a new version.',
  key: ['templateNo'],
  load: { operation: 'getContractTemplate', params: { path: { templateNo: 'query.templateNo' } } },
  sections: [
    {
      title: `${T}.section.template`,
      columns: 3,
      fields: [
        {
          field: 'templateNo',
          required: true,
          maxLength: 20,
          pattern: '^[A-Z0-9_-]{1,20}$',
          readOnly: "mode == 'update'",
        },
        { field: 'name', required: true, maxLength: 200, span: 2 },
        { field: 'contractType', widget: 'select', options: CONTRACT_TYPE, required: true },
        { field: 'signOrder', widget: 'select', options: SIGN_ORDER, required: true },
        { field: 'useYn', widget: 'select', options: USE_YN, default: 'Y' },
        { field: 'version', label: f('templateVersion'), widget: 'number', default: 0, readOnly: true },
        { field: 'createdBy', readOnly: true, visible: "mode == 'update'" },
        { field: 'createdAt', widget: 'datetime', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'body',
          // The text with the catalogue's variables listed by meaning; pressing one inserts it at the cursor.
          widget: 'templateText',
          optionsFrom: { operation: 'listContractVariables', value: 'name', text: 'label' },
          rows: 18,
          required: true,
          maxLength: 100000,
          span: 3,
          help: `${T}.help.body`,
        },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'save',
      id: 'save',
      operation: 'saveContractTemplate',
      variant: 'primary',
      params: {
        path: { templateNo: 'form.templateNo' },
        body: {
          name: 'form.name',
          contractType: 'form.contractType',
          signOrder: 'form.signOrder',
          body: 'form.body',
          useYn: 'form.useYn',
          version: 'form.version',
        },
      },
    },
  ],
});
