/**
 * Checks a sealed PDF with pkijs: the signature's byte range covers the whole file but its gap, the
 * CMS message digest equals the hash of those bytes and the signature verifies with the
 * certificate it carries. Trust in that certificate (the company's, or a CA's) is a separate
 * question the verification page answers by the executed copy's hash being ours.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { signatureOf } from './seal.js';

export interface SealVerdict {
  ok: boolean;
  coversWholeFile: boolean;
  signer: string | null;
  problem: string | null;
}

export async function verifySeal(pdf: Buffer): Promise<SealVerdict> {
  let sig: ReturnType<typeof signatureOf>;
  try {
    sig = signatureOf(pdf);
  } catch (e) {
    return { ok: false, coversWholeFile: false, signer: null, problem: (e as Error).message };
  }
  const [a, b, c, d] = sig.byteRange;
  const coversWholeFile = a === 0 && c + d === pdf.length && b < c;
  const asn = asn1js.fromBER(new Uint8Array(sig.cms).buffer);
  if (asn.offset === -1) return { ok: false, coversWholeFile, signer: null, problem: 'the signature is not DER' };
  const info = new pkijs.ContentInfo({ schema: asn.result });
  const signedData = new pkijs.SignedData({ schema: info.content });
  const cert = signedData.certificates?.[0];
  const signer =
    cert instanceof pkijs.Certificate
      ? ((cert.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value as
          string | undefined) ?? null)
      : null;
  try {
    const ok = await signedData.verify({
      signer: 0,
      data: new Uint8Array(sig.signed).buffer,
      checkChain: false,
    });
    return { ok: ok && coversWholeFile, coversWholeFile, signer, problem: ok ? null : 'the signature does not verify' };
  } catch (e) {
    return { ok: false, coversWholeFile, signer, problem: (e as Error).message ?? String(e) };
  }
}
