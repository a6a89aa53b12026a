import type { EditScreenDef } from '../../engine/define';
import { COMPARE_BASIS, LINKAGE_EXCEPTION, LINKAGE_KIND, LINKAGE_SOURCE, ORDER_KIND, s, sf } from './labels';

/**
 * A document's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동"): 연동 with its clause, or
 * 미연동 with the legal exception and the reason — the one section staff's /AgreementEdit and /contract/contractDetail
 * edit, and the supplier's /CyberAgreementEdit and /contract/contractSign read, with the action that stores it by the
 * document's own call (setAgreementLinkage, setContractLinkage).
 */
type SectionDef = NonNullable<EditScreenDef['sections']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];
type FieldDef = SectionDef['fields'][number];

const LINKED = "form.linkageKind == 'LINKED'";
const NOT_LINKED = "form.linkageKind == 'NOT_LINKED'";

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

interface AnswerSectionOptions {
  /** Staff edit the answer (the document's own rule on when); the supplier reads it. */
  side: 'staff' | 'supplier';
  /** When the section shows. */
  visible: string;
  /** Staff: the help under 하도급 구분, which says what the document's kind asks of it. */
  subconHelp?: string;
  /** When the answer's fields are read only (besides the screen's own rule); `true` on a screen that edits nothing. */
  readOnly?: string | true;
  /** Where a default answer came from (an e-contract's: the agreement, or the amended original). */
  showOrigin?: boolean;
}

/** The answer's section. */
export const answerSection = (o: AnswerSectionOptions): SectionDef => {
  const fields: FieldDef[] = [
    ...(o.side === 'staff'
      ? [
          {
            field: 'subconKind',
            label: sf('subconKind'),
            widget: 'select' as const,
            options: ORDER_KIND,
            emptyOption: 'none' as const,
            readOnly: true,
            // Shown for a 하도급 document only: a select without an empty option would show its first kind for none.
            visible: '!empty(form.subconKind)',
            ...(o.subconHelp ? { help: o.subconHelp } : {}),
          },
        ]
      : []),
    { field: 'linkageKind', label: sf('linkageKind'), widget: 'radio', options: LINKAGE_KIND, span: 2 },
    ...(o.showOrigin
      ? [
          {
            field: 'linkageCopiedFromKind',
            label: sf('linkageCopiedFrom'),
            widget: 'select' as const,
            options: LINKAGE_SOURCE,
            readOnly: true,
            visible: '!empty(form.linkageCopiedFromKind)',
          },
          {
            field: 'linkageCopiedFromNo',
            label: sf('linkageCopiedFromNo'),
            readOnly: true,
            visible: '!empty(form.linkageCopiedFromNo)',
          },
        ]
      : []),
    { field: 'linkageMaterial', label: sf('linkageMaterial'), maxLength: 200, visible: LINKED },
    {
      field: 'linkageSharePct',
      label: sf('linkageSharePct'),
      maxLength: 20,
      visible: LINKED,
      help: s('h.linkageSharePct'),
    },
    o.side === 'staff' ? INDEX_CHOICE : INDEX_NAME,
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
  ];
  const readOnly = o.readOnly;
  return {
    title: s('sec.linkage'),
    columns: 3,
    visible: o.visible,
    fields: readOnly ? fields.map((f) => (f.readOnly === true ? f : { ...f, readOnly })) : fields,
  };
};

/** Stores the answer as the form shows it; the document is read again (its version moved). */
export const saveAnswerAction = (o: {
  operation: string;
  path: Record<string, string>;
  visible: string;
  success: string;
}): ActionDef => ({
  kind: 'workflow',
  id: 'saveLinkage',
  label: s('a.saveLinkage'),
  operation: o.operation,
  visible: o.visible,
  success: o.success,
  params: {
    path: o.path,
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
});
