import { defineCustomScreen } from '../../engine/define';

/**
 * The PDFs of one contract (the signing copy, and the sealed executed copy once signed), opened in a
 * dialog from /contract/contractDetail. A custom component
 * (app/custom-screens/contract/contractFiles.custom.tsx): the engine's calls read JSON, these
 * answers are files.
 */
export default defineCustomScreen({
  id: 'contract.contractFiles',
  title: 'screen.contract.files.title',
  menu: '/contract/contractDetail',
  portals: ['internal'],
  description: 'Download the contract PDF (signing copy or executed copy).',
  component: 'contractFiles',
  props: { base: '/api/v1/contracts' },
});
