import { PortalShell } from './PortalShell';

/** `/cyber` — the external OGPMS frame for suppliers; its child routes render in the content area. */
export function ExternalLayout() {
  return <PortalShell portal="external" />;
}
