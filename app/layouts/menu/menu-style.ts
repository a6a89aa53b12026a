import { useCallback, useState } from 'react';

/** Spec §2: two menu styles, a triple-depth mega menu and a horizontal menu; the user picks. */
export type MenuStyle = 'mega' | 'horizontal';

const DEFAULT_MENU_STYLE: MenuStyle = 'mega';

/** A UI preference, kept per user in localStorage (it is no secret and should outlive the tab). */
export function menuStyleKey(userId: string | null | undefined): string {
  return `gpms.menuStyle.${userId || 'anonymous'}`;
}

export function readMenuStyle(storage: Storage | undefined, userId: string | null | undefined): MenuStyle {
  try {
    const v = storage?.getItem(menuStyleKey(userId));
    return v === 'mega' || v === 'horizontal' ? v : DEFAULT_MENU_STYLE;
  } catch {
    return DEFAULT_MENU_STYLE;
  }
}

export function storeMenuStyle(
  storage: Storage | undefined,
  userId: string | null | undefined,
  style: MenuStyle,
): void {
  try {
    storage?.setItem(menuStyleKey(userId), style);
  } catch {
    // A refused write only costs the remembered choice.
  }
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The user's menu style and a setter that remembers it. */
export function useMenuStyle(
  userId: string | null | undefined,
  storage: Storage | undefined = localStorageOrUndefined(),
): [MenuStyle, (style: MenuStyle) => void] {
  const [choice, setChoice] = useState<{ userId: string | null | undefined; style: MenuStyle } | null>(null);
  // A choice made in this session for this user, else what the user chose before.
  const current = choice && choice.userId === userId ? choice.style : readMenuStyle(storage, userId);
  const set = useCallback(
    (style: MenuStyle) => {
      storeMenuStyle(storage, userId, style);
      setChoice({ userId, style });
    },
    [storage, userId],
  );
  return [current, set];
}
