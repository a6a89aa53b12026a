/**
 * The executed copy's seal (PAdES baseline B-T): a detached CMS signature (ETSI.CAdES.detached) over
 * the whole file except the signature's own gap, made with the company's certificate, added as
 * an incremental update of the signed document — so the bytes both parties signed are the start of
 * the sealed file, unchanged. The signer info's signed attributes are content-type, message-digest
 * and ESS signing-certificate-v2 (RFC 5035), and no signing-time (ETSI EN 319 142-1 baseline B: the
 * claimed time is the signature dictionary's /M); an RFC 3161 token over the signature value is
 * its unsigned attribute (B-T).
 *
 * The certificate is pluggable (docs/contracts.md): a configured PKCS#12 file, or, for tests and
 * the demo, a throw-away self-signed company certificate generated in memory at first use (never
 * written to disk, never committed). An HSM or 공동인증서 signer is another `SealKey`.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { signingCertificateV2 } from './ess.js';
import { fixLastStartxref } from './pdf-append.js';
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
  // real time: a certificate validity is cryptographic time, not a business date
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

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
} as const;

const subtle = crypto.webcrypto.subtle as unknown as SubtleCrypto;
const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The key and the certificate that matches it (of those the file holds), with the rest of the chain. */
async function openSealKey(
  key: SealKey,
): Promise<{ privateKey: CryptoKey; cert: pkijs.Certificate; chain: pkijs.Certificate[] }> {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), key.passphrase);
  const bags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const rsa = bags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!rsa) throw new Error('the seal file holds no private key');
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(rsa.n) === 0 && pub.e?.compareTo(rsa.e) === 0;
  });
  if (!own) throw new Error('no certificate in the seal file matches its private key');
  const toPkijs = (c: forge.pki.Certificate) =>
    pkijs.Certificate.fromBER(ab(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary')));
  const pkcs8 = forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(rsa))).getBytes();
  const privateKey = await subtle.importKey(
    'pkcs8',
    ab(Buffer.from(pkcs8, 'binary')),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return { privateKey, cert: toPkijs(own), chain: certs.filter((c) => c !== own).map(toPkijs) };
}

/**
 * The CAdES signer (pkijs: node-forge's CMS writer knows no signing-certificate-v2), with an RFC 3161
 * token over its signature value when an authority is given.
 */
class CadesSigner extends Signer {
  constructor(
    private readonly key: SealKey,
    private readonly tsaUrl: string | null,
  ) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const { privateKey, cert, chain } = await openSealKey(this.key);
    const digest = crypto.createHash('sha256').update(pdf).digest();
    const signed = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      certificates: [cert, ...chain],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: OID.contentType,
                values: [new asn1js.ObjectIdentifier({ value: OID.data })],
              }),
              new pkijs.Attribute({
                type: OID.messageDigest,
                values: [new asn1js.OctetString({ valueHex: ab(digest) })],
              }),
              signingCertificateV2(cert),
            ],
          }),
        }),
      ],
    });
    await signed.sign(privateKey, 0, 'SHA-256');
    const cms = Buffer.from(
      new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }).toSchema().toBER(false),
    );
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
  // The placeholder's update ends with a startxref one byte before its xref (qpdf warns): set right
  // before signing, so the signature covers the corrected file.
  return new SignPdf().sign(fixLastStartxref(withPlaceholder), new CadesSigner(key, tsaUrl), signingTime);
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
