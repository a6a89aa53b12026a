import { HomePage } from './HomePage';

/** `/cyber` index — the external (OGPMS) home for suppliers. */
export function CyberSubMain() {
  return <HomePage portal="external" />;
}
