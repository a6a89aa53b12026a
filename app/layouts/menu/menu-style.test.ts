// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage';
import { menuStyleKey, readMenuStyle, storeMenuStyle } from './menu-style';

describe('menu style preference', () => {
  it('is kept per user, mega by default', () => {
    const storage = memoryStorage();
    expect(readMenuStyle(storage, 'admin')).toBe('mega');
    storeMenuStyle(storage, 'admin', 'horizontal');
    expect(readMenuStyle(storage, 'admin')).toBe('horizontal');
    expect(readMenuStyle(storage, 'buyer')).toBe('mega');
    expect(storage.getItem(menuStyleKey('admin'))).toBe('horizontal');
  });

  it('ignores junk and storages that throw', () => {
    expect(readMenuStyle(memoryStorage({ [menuStyleKey('x')]: 'vertical' }), 'x')).toBe('mega');
    const broken = memoryStorage();
    broken.getItem = () => {
      throw new Error('denied');
    };
    expect(readMenuStyle(broken, 'x')).toBe('mega');
  });
});
