import { createJSONStorage } from 'zustand/middleware';

/**
 * sessionStorage through zustand's JSON adapter. Spec §4: the auth user lives in session
 * storage and is lost when the tab closes. Resolved lazily so a store module can be imported
 * where sessionStorage does not exist (node tools); zustand then simply skips persistence.
 */
export const tabStorage = createJSONStorage(() => sessionStorage);
