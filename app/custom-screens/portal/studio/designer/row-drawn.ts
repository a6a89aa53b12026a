import { createContext } from 'react';

/**
 * Called each time an outline row is drawn, when a provider gives a function (none does in the app). A row is
 * memoized and should be drawn again only when what it shows changes; `redraws.test.tsx` counts through this,
 * because a module mock of dnd-kit does not reach a worker that already loaded it (the unit project shares modules).
 */
export const RowDrawn = createContext<(() => void) | null>(null);
