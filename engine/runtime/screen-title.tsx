import { createContext, useContext, useEffect } from 'react';

/**
 * A screen kind that names the shown record otherwise than its definition's title (an edit screen's
 * `updateTitle` while a record is shown) says so here, so the document title says what the heading
 * says (WCAG 2.4.2). ScreenPage provides it for the page's screen; a dialog's screen has none.
 */
export const ScreenTitleContext = createContext<((title: string | null) => void) | null>(null);

/** The shown screen's title is `title` while this component is mounted (null: its definition's). */
export function useScreenTitle(title: string | null): void {
  const set = useContext(ScreenTitleContext);
  useEffect(() => {
    if (!set) return;
    set(title);
    return () => set(null);
  }, [set, title]);
}
