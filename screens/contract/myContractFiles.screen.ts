import { defineCustomScreen } from '../../engine/define';

/** The PDFs of one contract for the supplier, opened in a dialog from /contract/contractSign. */
export default defineCustomScreen({
  id: 'contract.myContractFiles',
  title: 'screen.contract.files.title',
  menu: '/contract/contractSign',
  portals: ['external'],
  description: 'Download the contract PDF (signing copy or executed copy), supplier side.',
  component: 'contractFiles',
  props: { base: '/api/v1/cyber/contracts' },
});
