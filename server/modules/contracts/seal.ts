/**
 * The executed copy's seal (PAdES baseline B): a detached CMS signature (ETSI.CAdES.detached) over
 * the whole file except the signature's own gap, made with the company's certificate, added as
 * an incremental update of the signed document — so the bytes both parties signed are the start of
 * the sealed file, unchanged.
 *
 * The certificate is pluggable (docs/contracts.md): a configured PKCS#12 file, or, for tests and
 * the demo, a throw-away self-signed company certificate generated in memory at first use (never
 * written to disk, never committed). An HSM or 공동인증서 signer is another `SealKey`.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { addTimestamp } from './tsa.js';

export interface SealKey {
  /** PKCS#12 holding the company's private key and certificate. */
  p12: Buffer;
  passphrase: string;
  /** The signer's name the signature dictionary shows. */
  name: string;
}

/** A self-signed company certificate and key, made now, kept only in this process. */
export function throwawaySealKey(companyName: string): SealKey {
  const label = /^[\x20-\x7e]+$/.test(companyName) ? companyName : 'GPMS';
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 365 * 86_400_000);
  // ASCII names: the CMS signer info repeats the issuer name, and node-forge writes it back as a
  // PrintableString — a UTF8String name would no longer match its certificate.
  const subject = [
    { name: 'commonName', value: `${label} contract seal (throw-away)` },
    { name: 'organizationName', value: label },
    { name: 'countryName', value: 'KR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = crypto.randomBytes(16).toString('hex');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase, name: label };
}

/** The PKCS#12 signer, with an RFC 3161 token over its signature value when an authority is given. */
class TimestampingSigner extends P12Signer {
  constructor(
    key: SealKey,
    private readonly tsaUrl: string | null,
  ) {
    super(key.p12, { passphrase: key.passphrase });
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const cms = await super.sign(pdf, signingTime);
    return this.tsaUrl ? addTimestamp(cms, this.tsaUrl) : cms;
  }
}

/**
 * Seals a PDF: the signed file is the input, unchanged, followed by the signature's update; with
 * a time-stamping authority the signature carries its token (PAdES B-T).
 */
export async function sealPdf(
  pdf: Buffer,
  key: SealKey,
  reason: string,
  signingTime?: Date,
  tsaUrl: string | null = null,
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason,
    contactInfo: '',
    name: key.name,
    location: 'KR',
    signatureLength: 16384,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  return new SignPdf().sign(withPlaceholder, new TimestampingSigner(key, tsaUrl), signingTime);
}

/** The signed byte ranges and the signature of a sealed PDF (the last signature). */
export function signatureOf(pdf: Buffer): { byteRange: [number, number, number, number]; signed: Buffer; cms: Buffer } {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) throw new Error('no signature');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 200));
  if (!m) throw new Error('bad /ByteRange');
  const br = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number];
  const signed = Buffer.concat([pdf.subarray(br[0], br[0] + br[1]), pdf.subarray(br[2], br[2] + br[3])]);
  const gap = text.slice(br[0] + br[1], br[2]);
  const hex = /^<([0-9A-Fa-f]+)>$/.exec(gap.trim());
  if (!hex) throw new Error('the gap is not the signature');
  // The gap is padded with zeros after the DER; a DER reader stops at its own length.
  const cms = Buffer.from(hex[1], 'hex');
  return { byteRange: br, signed, cms };
}
