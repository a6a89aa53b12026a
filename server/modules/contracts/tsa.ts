/**
 * RFC 3161 time-stamping for the contract seal: a client that asks a time-stamping authority for a
 * token over the SHA-256 of a CMS signature value and adds it to the signer as the unsigned
 * attribute id-aa-timeStampToken (the PAdES B-T level), and a local authority on loopback with a
 * throw-away certificate (extended key usage timeStamping, critical) for tests and the demo, whose
 * tokens carry the ESS signing-certificate-v2 attribute RFC 3161/5816 require. A
 * configured authority (CONTRACT_TSA_URL) replaces the local one in production.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { signingCertificateV2 } from './ess.js';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  extKeyUsage: '2.5.29.37',
  commonName: '2.5.4.3',
  /** The local authority's policy: a private arc, for tests and the demo only. */
  localPolicy: '1.3.6.1.4.1.99999.3161.1',
} as const;

const subtle = crypto.webcrypto.subtle as unknown as SubtleCrypto;
const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest();

/* ------------------------------ the local authority ------------------------------ */

interface TsaIdentity {
  cert: pkijs.Certificate;
  privateKey: CryptoKey;
}

async function tsaIdentity(): Promise<TsaIdentity> {
  const keys = (await subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: ab(crypto.randomBytes(8).fill(1, 0, 1)) });
  const cn = () =>
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value: 'GPMS local TSA (throw-away)' }),
    });
  cert.subject.typesAndValues.push(cn());
  cert.issuer.typesAndValues.push(cn());
  // real time: a certificate validity and time stamp token are cryptographic time
  cert.notBefore.value = new Date(Date.now() - 3_600_000);
  // real time: a certificate validity and time stamp token are cryptographic time
  cert.notAfter.value = new Date(Date.now() + 365 * 86_400_000);
  const eku = new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] });
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      critical: true,
      extnValue: eku.toSchema().toBER(false),
      parsedValue: eku,
    }),
  ];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(keys.privateKey, 'SHA-256');
  return { cert, privateKey: keys.privateKey };
}

/** A TimeStampResp (granted, with its token) for one request. */
async function respond(id: TsaIdentity, reqDer: Uint8Array, serial: number, now: Date): Promise<ArrayBuffer> {
  const req = pkijs.TimeStampReq.fromBER(ab(reqDer));
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: OID.localPolicy,
    messageImprint: req.messageImprint,
    serialNumber: new asn1js.Integer({ value: serial }),
    genTime: now,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ordering: false,
    ...(req.nonce ? { nonce: req.nonce } : {}),
  });
  const tstDer = tst.toSchema().toBER(false);
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: tstDer }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: id.cert.issuer, serialNumber: id.cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: ab(sha256(new Uint8Array(tstDer))) })],
            }),
            // RFC 3161 §2.4.2 / RFC 5816: the token names the authority's certificate (openssl ts -verify checks it).
            signingCertificateV2(id.cert),
          ],
        }),
      }),
    ],
    ...(req.certReq ? { certificates: [id.cert] } : {}),
  });
  await signed.sign(id.privateKey, 0, 'SHA-256');
  const resp = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }),
  });
  return resp.toSchema().toBER(false);
}

export interface LocalTsa {
  url: string;
  close(): Promise<void>;
}

/** A time-stamping authority on 127.0.0.1 (a free port), with a certificate made now. */
// real time: a certificate validity and time stamp token are cryptographic time
export async function startLocalTsa(now: () => Date = () => new Date()): Promise<LocalTsa> {
  const id = await tsaIdentity();
  let serial = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      respond(id, Buffer.concat(chunks), ++serial, now())
        .then((der) => {
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          res.end(Buffer.from(der));
        })
        .catch(() => {
          res.writeHead(400);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Started on demand by the server when no authority is configured: it must not keep a process alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/* ------------------------------ the client ------------------------------ */

/** The authority could not be asked, answered an error, refused, hung past the limit or answered for other data. */
export class TsaUnavailableError extends Error {
  override name = 'TsaUnavailableError';
}

/** Asks the authority for a token over `data`'s SHA-256; checks its imprint; any failure is a TsaUnavailableError. */
async function requestTimestamp(url: string, data: Uint8Array): Promise<pkijs.ContentInfo> {
  try {
    return await askAuthority(url, data);
  } catch (e) {
    throw e instanceof TsaUnavailableError ? e : new TsaUnavailableError((e as Error).message ?? String(e));
  }
}

async function askAuthority(url: string, data: Uint8Array): Promise<pkijs.ContentInfo> {
  const hash = sha256(data);
  const nonce = crypto.randomBytes(8);
  nonce[0] &= 0x7f;
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(hash) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: Buffer.from(req.toSchema().toBER(false)),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new TsaUnavailableError(`time-stamping authority answered ${res.status}`);
  const resp = pkijs.TimeStampResp.fromBER(await res.arrayBuffer());
  if (resp.status.status !== pkijs.PKIStatus.granted || !resp.timeStampToken)
    throw new TsaUnavailableError(`time-stamping authority refused (status ${resp.status.status})`);
  const tst = tstInfoOf(resp.timeStampToken);
  if (Buffer.compare(Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView), hash) !== 0)
    throw new Error('the time-stamp token is for other data');
  return resp.timeStampToken;
}

/** The TSTInfo a token carries. */
export function tstInfoOf(token: pkijs.ContentInfo): pkijs.TSTInfo {
  const signed = new pkijs.SignedData({ schema: token.content });
  const content = signed.encapContentInfo.eContent;
  if (!content) throw new Error('the token has no TSTInfo');
  return pkijs.TSTInfo.fromBER(ab(new Uint8Array(content.getValue())));
}

/**
 * Adds a time-stamp token over the first signer's signature value to a CMS SignedData (DER), as
 * the unsigned attribute id-aa-timeStampToken; the signed part is left byte for byte.
 */
export async function addTimestamp(cmsDer: Uint8Array, tsaUrl: string): Promise<Buffer> {
  const asn = asn1js.fromBER(ab(cmsDer));
  if (asn.offset === -1) throw new Error('the signature is not DER');
  const info = new pkijs.ContentInfo({ schema: asn.result });
  const signed = new pkijs.SignedData({ schema: info.content });
  const signer = signed.signerInfos[0];
  const token = await requestTimestamp(tsaUrl, new Uint8Array(signer.signature.valueBlock.valueHexView));
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [token.toSchema()] })],
  });
  const out = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(out.toSchema().toBER(false));
}

/** The time-stamp token of a CMS signature's first signer, if it has one. */
export function timestampOf(cmsDer: Uint8Array): { token: pkijs.ContentInfo; signatureValue: Buffer } | null {
  const asn = asn1js.fromBER(ab(cmsDer));
  const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn.result }).content });
  const signer = signed.signerInfos[0];
  const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken);
  if (!attr) return null;
  return {
    token: new pkijs.ContentInfo({ schema: attr.values[0] }),
    signatureValue: Buffer.from(signer.signature.valueBlock.valueHexView),
  };
}
