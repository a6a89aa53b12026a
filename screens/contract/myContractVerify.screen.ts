import { defineCustomScreen } from '../../engine/define';

/** /contract/contractVerify (external) — the supplier checks a contract PDF of its own company. */
export default defineCustomScreen({
  id: 'contract.myContractVerify',
  route: '/contract/contractVerify',
  portals: ['external'],
  title: 'screen.contract.verify.title',
  description: 'Verify a contract PDF or a contract number and SHA-256, supplier side.',
  component: 'contractVerify',
  props: { operation: 'verifyMyContractDocument' },
});
