/**
 * The ESS signing-certificate-v2 attribute (RFC 5035 §3; id-aa-signingCertificateV2): a signed
 * attribute binding a CMS signature to the certificate it was made with, by that certificate's
 * SHA-256 and its issuer and serial number — so a verifier cannot be handed another certificate
 * with the same key. PAdES baseline B (ETSI EN 319 142-1) requires it in the seal's signer info, and
 * RFC 3161 §2.4.2 with RFC 5816 requires it (or its SHA-1 predecessor) in a time-stamp token's.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }
 * ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT id-sha256 (omitted), certHash OCTET STRING,
 *                            issuerSerial SEQUENCE { issuer GeneralNames, serialNumber INTEGER } }
 */
export function signingCertificateV2(cert: pkijs.Certificate): pkijs.Attribute {
  const der = new Uint8Array(cert.toSchema(true).toBER(false));
  const certHash = crypto.createHash('sha256').update(der).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames with one directoryName ([4], explicit: Name is a CHOICE).
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })],
      }),
      new asn1js.Integer({ valueHex: ab(new Uint8Array(cert.serialNumber.valueBlock.valueHexView)) }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: ab(certHash) }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: SIGNING_CERTIFICATE_V2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

/** The SHA-256 a signer info's signing-certificate-v2 attribute names, if it has one. */
export function signingCertificateHashOf(signer: pkijs.SignerInfo): Buffer | null {
  const attr = signer.signedAttrs?.attributes.find((a) => a.type === SIGNING_CERTIFICATE_V2);
  if (!attr) return null;
  const certs = (attr.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const first = certs.valueBlock.value[0] as asn1js.Sequence;
  const hash = first.valueBlock.value.find((v) => v instanceof asn1js.OctetString) as asn1js.OctetString | undefined;
  return hash ? Buffer.from(hash.valueBlock.valueHexView) : null;
}
