import { PortalShell } from './PortalShell';

/** `/` — the internal GPMS frame; its child routes render in the content area. */
export function InternalLayout() {
  return <PortalShell portal="internal" />;
}
