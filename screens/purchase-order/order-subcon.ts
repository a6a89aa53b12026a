import type { EditScreenDef } from '../../engine/define';
import { coordinationsDetail } from '../subcontracting/coordination';
import { CONTRACT_KIND, ORDER_KIND, s, sf } from '../subcontracting/labels';
import { can } from './order-actions';

/**
 * What a 하도급 order shows and offers on both order screens (docs/subcontracting.md): its kind, its written
 * contract (§3: an executed e-contract or a recorded paper contract, with its date), its payment terms (§13), and
 * the actions that record a paper contract and set the terms, and the supplier's 납품대금 조정협의 requests on it. Not
 * shown on an order that is not 하도급.
 */
type SectionDef = NonNullable<EditScreenDef['sections']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];

const SUBCON = "mode == 'update' && !empty(form.subconKind)";
const contract = (value: string) => ({
  operation: 'getPo' as const,
  params: { path: { poNo: 'form.poNo' } },
  value: `writtenContract.${value}`,
});

export const SUBCON_SECTION: SectionDef = {
  title: s('sec.subcon'),
  columns: 3,
  visible: SUBCON,
  fields: [
    { field: 'subconKind', label: sf('subconKind'), widget: 'select', options: ORDER_KIND, readOnly: true },
    {
      field: 'writtenContractKind',
      label: sf('writtenContractKind'),
      widget: 'select',
      options: CONTRACT_KIND,
      readOnly: true,
      valueFrom: contract('kind'),
    },
    {
      field: 'writtenContractReference',
      label: sf('writtenContractReference'),
      readOnly: true,
      valueFrom: contract('reference'),
    },
    {
      field: 'writtenContractDate',
      label: sf('writtenContractDate'),
      widget: 'date',
      readOnly: true,
      valueFrom: contract('contractDate'),
    },
    { field: 'paymentTermDays', label: sf('paymentTermDays'), widget: 'number', readOnly: true },
    { field: 'ownerPaidDate', label: sf('ownerPaidDate'), widget: 'date', readOnly: true },
  ],
};

/**
 * The supplier's 납품대금 조정협의 requests on the order (상생협력법 §22의2, 하도급법 §16의2), each opening
 * /priceCoordinationList where its buyer answers it. Shown once there is one.
 */
export const SUBCON_COORDINATIONS = coordinationsDetail('subcontracting.coordinationList');

/** Record the paper contract (a dialog with the scan) and set the payment terms; each reads the order again. */
export const SUBCON_ACTIONS: ActionDef[] = [
  {
    kind: 'open',
    id: 'paperContract',
    label: s('a.paperContract'),
    screen: 'subcontracting.paperContract',
    dialog: true,
    query: { poNo: 'form.poNo', version: 'form.version' },
    visible: can('paperContract'),
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'subconTerms',
    label: s('a.terms'),
    operation: 'setSubconTerms',
    visible: can('subconTerms'),
    success: s('done.terms'),
    prompt: {
      title: s('p.termsTitle'),
      message: s('p.termsMessage'),
      fields: [
        {
          field: 'paymentTermDays',
          label: sf('paymentTermDays'),
          widget: 'number',
          help: s('h.paymentTermDays'),
          // The term agreed is shown; past the draft it is fixed (the server refuses a change).
          default: { record: 'paymentTermDays' },
          readOnly: "form.status != 'DRAFT'",
        },
        { field: 'ownerPaidDate', label: sf('ownerPaidDate'), widget: 'date', help: s('h.ownerPaidDate') },
      ],
    },
    params: {
      path: { poNo: 'form.poNo' },
      body: { version: 'form.version', paymentTermDays: 'input.paymentTermDays', ownerPaidDate: 'input.ownerPaidDate' },
    },
    then: ['reloadRecord'],
  },
];
