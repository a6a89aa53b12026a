import { defineTreeScreen } from '../../engine/define';
import { T } from './contract-parts';

/**
 * /contract/clauseList — the clause library (계약 조항): the clauses a template places with
 * {{clause:CODE}}. The list on the left, the chosen clause's text on the right; a save makes the
 * clause's next version (the version read must still be the latest). A template version keeps the
 * clause texts it was saved with, so a change here reaches only templates saved after it.
 */
export default defineTreeScreen({
  id: 'contract.clauseList',
  route: '/contract/clauseList',
  portals: ['internal'],
  title: `${T}.clause.title`,
  labels: `${T}.field`,
  description: 'The clause library: list and edit the clauses templates place with {{clause:CODE}}.',
  tree: {
    operation: 'listContractClauses',
    idField: 'clauseCode',
    labelField: 'title',
    detailField: 'clauseCode',
    search: true,
    rootLabel: `${T}.clause.root`,
  },
  actions: [{ kind: 'new', label: `${T}.action.newClause` }],
  detail: {
    sections: [
      {
        title: `${T}.section.clause`,
        columns: 2,
        fields: [
          { field: 'clauseCode', required: true, createOnly: true, maxLength: 30, pattern: '^[A-Z0-9_]{1,30}$' },
          { field: 'title', label: `${T}.field.clauseTitle`, required: true, maxLength: 200 },
          { field: 'version', label: `${T}.field.clauseVersion`, widget: 'number', default: 0, readOnly: true },
          { field: 'updatedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.updatedAt)' },
          {
            field: 'body',
            label: `${T}.field.clauseBody`,
            widget: 'textarea',
            rows: 14,
            required: true,
            maxLength: 20000,
            span: 2,
            help: `${T}.help.clauseBody`,
          },
        ],
      },
    ],
    actions: [
      {
        kind: 'save',
        operation: 'saveContractClause',
        variant: 'primary',
        params: {
          path: { clauseCode: 'form.clauseCode' },
          body: { title: 'form.title', body: 'form.body', version: 'form.version' },
        },
      },
    ],
  },
});
