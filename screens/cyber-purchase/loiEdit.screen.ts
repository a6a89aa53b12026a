import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;
const T = 'screen.cyberPurchase.loiEdit';

/**
 * One LOI issued to my company: scope, amount, validity, buyer, attachments; accepted once within
 * its validity (acceptLoi; the server refuses a second acceptance or an expired LOI with its message).
 * Reached from cyberPurchase.loiList and from a PO that names it; governed by /CyberOrderRequestEdit.
 */
export default defineEditScreen({
  id: 'cyberPurchase.loiEdit',
  route: '/CyberLoiEdit',
  menu: '/CyberOrderRequestEdit',
  portals: ['external'],
  title: `${T}.title`,
  description: 'One LOI: read it and accept it (once, within its validity).',
  key: ['loiNo'],
  load: { operation: 'getSupplierLoi', params: { path: { loiNo: 'query.loiNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      title: `${T}.header`,
      columns: 3,
      fields: [
        { field: 'loiNo', label: f('loiNo') },
        { field: 'title', label: f('title'), span: 2 },
        { field: 'status', label: f('loiStatus'), widget: 'select', codeGroup: 'LOI_STATUS', emptyOption: 'none' },
        { field: 'amount', label: f('loiAmount'), widget: 'money' },
        { field: 'currency', label: f('currency'), widget: 'select', codeGroup: 'CURRENCY', emptyOption: 'none' },
        { field: 'validFrom', label: f('validFrom'), widget: 'date' },
        { field: 'validUntil', label: f('loiValidUntil'), widget: 'date' },
        { field: 'compNameKr', label: f('compNameKr') },
        { field: 'issuedAt', label: f('issuedAt'), widget: 'datetime' },
        { field: 'acceptedAt', label: f('acceptedAt'), widget: 'datetime' },
        { field: 'scope', label: f('scope'), widget: 'textarea', rows: 4, span: 3 },
      ],
    },
    {
      title: `${T}.buyer`,
      columns: 3,
      fields: [
        { field: 'buyerName', label: f('buyerName') },
        { field: 'buyerEmail', label: f('buyerEmail') },
        { field: 'buyerTelNo', label: f('buyerTelNo'), mask: 'phone' },
      ],
    },
    {
      title: `${T}.files`,
      columns: 1,
      fields: [{ field: 'attachments', label: f('attachments'), widget: 'files' }],
    },
  ],
  actions: [
    { kind: 'back' },
    {
      kind: 'workflow',
      id: 'accept',
      label: `${T}.accept`,
      variant: 'primary',
      operation: 'acceptLoi',
      visible: "contains(form.actions, 'accept')",
      confirm: `${T}.confirmAccept`,
      success: `${T}.accepted`,
      params: { path: { loiNo: 'form.loiNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
  ],
});
