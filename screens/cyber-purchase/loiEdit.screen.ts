import { defineEditScreen } from '../../engine/define';
import {
  buyerSection,
  compNameField,
  currencyField,
  f,
  filesSection,
  headerSection,
  titleField,
} from './supplier-document';

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
  labels: 'screen.cyberPurchase.f',
  description: 'One LOI: read it and accept it (once, within its validity).',
  key: ['loiNo'],
  load: { operation: 'getSupplierLoi', params: { path: { loiNo: 'query.loiNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    headerSection(T, [
      { field: 'loiNo' },
      titleField,
      { field: 'status', label: f('loiStatus'), widget: 'select', codeGroup: 'LOI_STATUS', emptyOption: 'none' },
      { field: 'amount', label: f('loiAmount'), widget: 'money' },
      currencyField,
      { field: 'validFrom', widget: 'date' },
      { field: 'validUntil', label: f('loiValidUntil'), widget: 'date' },
      compNameField,
      { field: 'issuedAt', widget: 'datetime' },
      { field: 'acceptedAt', widget: 'datetime' },
      { field: 'scope', widget: 'textarea', rows: 4, span: 3 },
    ]),
    buyerSection(T),
    filesSection(T),
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
