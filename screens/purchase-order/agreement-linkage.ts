import type { EditScreenDef } from '../../engine/define';
import { COMPARE_BASIS, LINKAGE_EXCEPTION, LINKAGE_KIND, ORDER_KIND, s, sf } from '../subcontracting/labels';
import { can } from './order-actions';

/**
 * The agreement's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동") on /AgreementEdit: 연동
 * with its clause, or 미연동 with the legal exception and the reason — editable while the agreement is a draft, as
 * the rest of it is, and stored by its own call (setAgreementLinkage), which the agreement's save does not send.
 */
type SectionDef = NonNullable<EditScreenDef['sections']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];

const LINKED = "form.linkageKind == 'LINKED'";
const NOT_LINKED = "form.linkageKind == 'NOT_LINKED'";

type FieldDef = SectionDef['fields'][number];

/** Staff choose the index from those in use; the supplier reads its name (it may not list them). */
const INDEX_CHOICE: FieldDef = {
  field: 'linkageIndexCode',
  label: sf('linkageIndexCode'),
  widget: 'select',
  emptyOption: 'choose',
  visible: LINKED,
  optionsFrom: { operation: 'listLinkageIndexes', value: 'indexCode', text: 'indexName' },
};
const INDEX_NAME: FieldDef = { field: 'linkageIndexName', label: sf('linkageIndexCode'), visible: LINKED };

/** The section on staff's /AgreementEdit (`staff`) or, read only and once answered, the supplier's /CyberAgreementEdit. */
export const linkageSection = (side: 'staff' | 'supplier'): SectionDef => ({
  title: s('sec.linkage'),
  columns: 3,
  visible: side === 'staff' ? "mode == 'update'" : '!empty(form.linkageKind)',
  fields: [
    ...(side === 'staff'
      ? [
          {
            field: 'subconKind',
            label: sf('subconKind'),
            widget: 'select' as const,
            options: ORDER_KIND,
            emptyOption: 'none' as const,
            readOnly: true,
            help: s('h.agreementSubcon'),
          },
        ]
      : []),
    { field: 'linkageKind', label: sf('linkageKind'), widget: 'radio', options: LINKAGE_KIND, span: 2 },
    { field: 'linkageMaterial', label: sf('linkageMaterial'), maxLength: 200, visible: LINKED },
    {
      field: 'linkageSharePct',
      label: sf('linkageSharePct'),
      maxLength: 20,
      visible: LINKED,
      help: s('h.linkageSharePct'),
    },
    side === 'staff' ? INDEX_CHOICE : INDEX_NAME,
    { field: 'linkageBaseDate', label: sf('linkageBaseDate'), widget: 'date', visible: LINKED },
    { field: 'linkageBaseValue', label: sf('linkageBaseValue'), maxLength: 30, visible: LINKED },
    {
      field: 'linkageCompareBasis',
      label: sf('linkageCompareBasis'),
      widget: 'select',
      options: COMPARE_BASIS,
      emptyOption: 'choose',
      visible: LINKED,
    },
    {
      field: 'linkageComparePeriodMonths',
      label: sf('linkageComparePeriodMonths'),
      widget: 'number',
      visible: LINKED,
      help: s('h.linkagePeriod'),
    },
    {
      field: 'linkageTriggerPct',
      label: sf('linkageTriggerPct'),
      maxLength: 20,
      visible: LINKED,
      help: s('h.linkageTriggerPct'),
    },
    {
      field: 'linkageFormulaNote',
      label: sf('linkageFormulaNote'),
      widget: 'textarea',
      rows: 2,
      maxLength: 1000,
      span: 3,
      visible: LINKED,
      help: s('h.linkageFormula'),
    },
    {
      field: 'linkageExceptionType',
      label: sf('linkageExceptionType'),
      widget: 'select',
      options: LINKAGE_EXCEPTION,
      emptyOption: 'choose',
      visible: NOT_LINKED,
      help: s('h.linkageException'),
    },
    {
      field: 'linkageReason',
      label: sf('linkageReason'),
      widget: 'textarea',
      rows: 2,
      maxLength: 1000,
      span: 3,
      visible: NOT_LINKED,
    },
  ],
});

/** Stores the answer as the form shows it; the agreement is read again (its version moved). */
export const LINKAGE_ACTION: ActionDef = {
  kind: 'workflow',
  id: 'saveLinkage',
  label: s('a.saveLinkage'),
  operation: 'setAgreementLinkage',
  visible: `${can('update')} && !empty(form.linkageKind)`,
  success: s('done.linkage'),
  params: {
    path: { agreementNo: 'form.agreementNo' },
    body: {
      version: 'form.version',
      linkageKind: 'form.linkageKind',
      linkageMaterial: 'form.linkageMaterial',
      linkageSharePct: 'form.linkageSharePct',
      linkageIndexCode: 'form.linkageIndexCode',
      linkageBaseDate: 'form.linkageBaseDate',
      linkageBaseValue: 'form.linkageBaseValue',
      linkageCompareBasis: 'form.linkageCompareBasis',
      linkageComparePeriodMonths: 'form.linkageComparePeriodMonths',
      linkageTriggerPct: 'form.linkageTriggerPct',
      linkageFormulaNote: 'form.linkageFormulaNote',
      linkageExceptionType: 'form.linkageExceptionType',
      linkageReason: 'form.linkageReason',
    },
  },
  then: ['reloadRecord'],
};
