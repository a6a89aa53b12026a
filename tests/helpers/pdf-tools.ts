import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { signatureOf } from '../../server/modules/contracts/seal.js';
import { timestampOf } from '../../server/modules/contracts/tsa.js';

const installed = (tool: string, arg: string) => spawnSync(tool, [arg], { stdio: 'ignore' }).status === 0;

/** Whether the outside checkers are here (.ci/run installs qpdf and poppler-utils; openssl is in the base image). */
export const outsideToolsAvailable =
  installed('qpdf', '--version') && installed('pdfsig', '-v') && installed('openssl', 'version');

export interface OutsideVerdict {
  /** qpdf --check's output and exit status (0: no errors, no warnings; 3: warnings). */
  qpdf: { status: number | null; output: string };
  /** pdfsig's report of the file's signatures. */
  pdfsig: string;
  /** openssl ts -verify of the seal's RFC 3161 token against the signature value, trusting the token's own certificate. */
  tsVerify: { status: number | null; output: string };
}

/**
 * Runs the tools an outsider would run on an executed copy: qpdf (structure), poppler's pdfsig (the
 * PAdES signature) and OpenSSL (the time-stamp token, which fails without the ESS signing-certificate
 * attribute). The local authority's certificate is self-signed, so the token's own certificate is the
 * trust anchor here; a real authority's would be its CA's.
 */
export function checkWithOutsideTools(pdf: Buffer): OutsideVerdict {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
  try {
    const file = path.join(dir, 'executed.pdf');
    fs.writeFileSync(file, pdf);
    const q = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    let pdfsig: string;
    try {
      pdfsig = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    } catch (e) {
      pdfsig = String((e as { stdout?: string }).stdout ?? '');
    }
    const ts = timestampOf(signatureOf(pdf).cms);
    if (!ts)
      return {
        qpdf: { status: q.status, output: q.stdout + q.stderr },
        pdfsig,
        tsVerify: { status: null, output: 'no token' },
      };
    const token = path.join(dir, 'token.der');
    const data = path.join(dir, 'signature-value.bin');
    const ca = path.join(dir, 'tsa.pem');
    fs.writeFileSync(token, Buffer.from(ts.token.toSchema().toBER(false)));
    fs.writeFileSync(data, ts.signatureValue);
    const cert = new pkijs.SignedData({ schema: ts.token.content }).certificates?.[0] as pkijs.Certificate;
    const b64 = Buffer.from(cert.toSchema().toBER(false)).toString('base64').replace(/.{64}/g, '$&\n');
    fs.writeFileSync(ca, `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`);
    const v = spawnSync('openssl', ['ts', '-verify', '-token_in', '-in', token, '-data', data, '-CAfile', ca], {
      encoding: 'utf8',
    });
    return {
      qpdf: { status: q.status, output: q.stdout + q.stderr },
      pdfsig,
      tsVerify: { status: v.status, output: v.stdout + v.stderr },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
