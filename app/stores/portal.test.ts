import { beforeEach, describe, expect, it } from 'vitest';
import { PORTAL_STORAGE_KEY, usePortalStore } from './portal';

describe('portal store', () => {
  beforeEach(() => {
    usePortalStore.getState().setCyber(false);
    sessionStorage.clear();
  });

  it('keeps the external-portal flag in sessionStorage (spec §4)', () => {
    usePortalStore.getState().setCyber(true);
    expect(JSON.parse(sessionStorage.getItem(PORTAL_STORAGE_KEY) ?? '{}')).toMatchObject({ state: { isCyber: true } });
  });

  it('restores the flag after a reload', async () => {
    sessionStorage.setItem(PORTAL_STORAGE_KEY, JSON.stringify({ state: { isCyber: true }, version: 1 }));
    await usePortalStore.persist.rehydrate();
    expect(usePortalStore.getState().isCyber).toBe(true);
  });
});
