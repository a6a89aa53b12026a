import { HomePage } from './HomePage';

/** `/` index — the internal (GPMS) home. */
export function SubMain() {
  return <HomePage portal="internal" />;
}
