/*
 * Apart from the AD timestamp's rules (lib/ad-timestamp.ts passes it on): reading a token's claims
 * needs only this, and whatever module the entry chunk imports is served whole to the login pages.
 */

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * WHATWG forgiving-base64 decode — exactly what `atob` accepts (ASCII whitespace ignored,
 * padding optional) — returning a binary string, or null. Written out rather than calling
 * `atob` so the browser, jsdom and Node give the same answer for the same `t`.
 */
export function forgivingBase64Decode(input: string): string | null {
  let data = input.replace(/[\t\n\f\r ]/g, '');
  if (data.length % 4 === 0) data = data.replace(/={1,2}$/, '');
  if (data.length % 4 === 1) return null;
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const ch of data) {
    const v = BASE64_ALPHABET.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}
