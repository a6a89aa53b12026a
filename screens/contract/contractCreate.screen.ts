import { defineCustomScreen } from '../../engine/define';

/**
 * /contract/contractCreate — a new contract from a template and its source document (발주 or LOI,
 * looked up or chosen in a popup, which fills the supplier and the amounts), or with `?amends=CT…`
 * the amendment (변경계약) of an executed contract. Saved, the page becomes the contract's detail.
 * A custom component (app/custom-screens/contract/contractCreate.custom.tsx): the popup's choices
 * follow the chosen supplier and kind, and the save leaves for another screen's address.
 */
export default defineCustomScreen({
  id: 'contract.contractCreate',
  route: '/contract/contractCreate',
  portals: ['internal'],
  title: 'screen.contract.create.title',
  description: 'Create a contract from a template (and its PO or LOI), or an amendment of an executed one.',
  component: 'contractCreate',
});
