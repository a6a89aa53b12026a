/**
 * /cyberDevLogin, /conv and the `devOnly` screens (/testPo) exist only in development (vite dev
 * server, vitest) or in a build made with VITE_DEV_PAGES=true; a production build has no such
 * routes (they are not found).
 */
export const DEV_PAGES_ENABLED: boolean = import.meta.env.DEV || import.meta.env.VITE_DEV_PAGES === 'true';
