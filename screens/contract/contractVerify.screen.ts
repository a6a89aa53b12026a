import { defineCustomScreen } from '../../engine/define';

/**
 * /contract/contractVerify — check that a contract PDF (or a contract number and SHA-256) is our
 * executed copy, unchanged. A custom component (app/custom-screens/contract/contractVerify.custom.tsx):
 * the PDF's bytes go in the request body.
 */
export default defineCustomScreen({
  id: 'contract.contractVerify',
  route: '/contract/contractVerify',
  portals: ['internal'],
  title: 'screen.contract.verify.title',
  description: 'Verify a contract PDF or a contract number and SHA-256.',
  component: 'contractVerify',
  props: { operation: 'verifyContractDocument' },
});
