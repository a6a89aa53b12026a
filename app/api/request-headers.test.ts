// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyStandardHeaders } from './request-headers';

const at = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

describe('standard request headers (spec §7)', () => {
  it('sends IsCyber Y or N on every request', () => {
    expect(applyStandardHeaders(at('/api/v1/common/resources'), true).headers.get('IsCyber')).toBe('Y');
    expect(applyStandardHeaders(at('/api/v1/cmmn/popup/dept', 'POST'), false).headers.get('IsCyber')).toBe('N');
  });

  it('leaves IsCyber off the login check', () => {
    expect(applyStandardHeaders(at('/api/v1/loginCheck?path=%2F'), true).headers.has('IsCyber')).toBe(false);
  });

  it('asks for no caching on GET only', () => {
    const get = applyStandardHeaders(at('/api/v1/common/resources'), false);
    expect(get.headers.get('Cache-Control')).toBe('no-cache');
    expect(get.headers.get('Pragma')).toBe('no-cache');
    const post = applyStandardHeaders(at('/api/v1/cyberLogin', 'POST'), false);
    expect(post.headers.has('Cache-Control')).toBe(false);
    expect(post.headers.has('Pragma')).toBe(false);
  });
});
