// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractFontsAvailable, renderContractPdf } from '../../../server/modules/contracts/render.js';
import { sealPdf, signatureOf, throwawaySealKey } from '../../../server/modules/contracts/seal.js';
import { verifySeal } from '../../../server/modules/contracts/seal-verify.js';
import { startLocalTsa, timestampOf, tstInfoOf, type LocalTsa } from '../../../server/modules/contracts/tsa.js';
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll } from 'vitest';
import { signingCertificateHashOf } from '../../../server/modules/contracts/ess.js';
import { checkWithOutsideTools, outsideToolsAvailable } from '../../helpers/pdf-tools.js';

const hasPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(contractFontsAvailable())(
  'the executed copy’s seal (PAdES, detached CMS over the whole file but its gap)',
  () => {
    let signed: Buffer;
    let sealed: Buffer;
    let tsa: LocalTsa;
    beforeAll(async () => {
      tsa = await startLocalTsa();
    });
    afterAll(() => tsa?.close());

    it('seals with a throw-away company certificate; the signed bytes are the document, unchanged, at the start', async () => {
      signed = await renderContractPdf({
        contractNo: 'CT2026-000009',
        title: '물품공급 기본계약서',
        documentDate: '2026-11-26',
        buyerRows: [['상호', '(주)지피엠에스']],
        supplierRows: [['상호', '(주)협력']],
        body: '제1조 (목적)\n\n이 계약은 갑과 을의 거래 조건을 정한다.',
        signers: [{ role: '수급자', company: '(주)협력' }],
      });
      sealed = await sealPdf(signed, throwawaySealKey('GPMS Co.'), '전자계약 CT2026-000009 체결', undefined, tsa.url);
      expect(Buffer.compare(sealed.subarray(0, signed.length), signed)).toBe(0);
      const { byteRange } = signatureOf(sealed);
      // The whole file but the gap: from byte 0 to the end.
      expect(byteRange[0]).toBe(0);
      expect(byteRange[2] + byteRange[3]).toBe(sealed.length);
      const verdict = await verifySeal(sealed);
      expect(verdict).toMatchObject({ ok: true, coversWholeFile: true, signer: expect.stringContaining('GPMS Co.') });
    }, 60_000);

    it('the RFC 3161 token’s message imprint is the SHA-256 of the signature value, and the token verifies', async () => {
      const ts = timestampOf(signatureOf(sealed).cms);
      expect(ts).not.toBeNull();
      const tst = tstInfoOf(ts!.token);
      const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
      expect(imprint.toString('hex')).toBe(createHash('sha256').update(ts!.signatureValue).digest('hex'));
      const tokenData = new pkijs.SignedData({ schema: ts!.token.content });
      expect(
        await tokenData.verify({ signer: 0, checkChain: false, data: new Uint8Array(ts!.signatureValue).buffer }),
      ).toBe(true);
    });

    it.runIf(outsideToolsAvailable)(
      'PAdES B-T as outsiders check it: signing-certificate-v2 in the seal, the token verified by openssl ts -verify, qpdf --check without warning',
      async () => {
        const cms = new pkijs.SignedData({
          schema: pkijs.ContentInfo.fromBER(new Uint8Array(signatureOf(sealed).cms).buffer).content,
        });
        const cert = cms.certificates![0] as pkijs.Certificate;
        expect(signingCertificateHashOf(cms.signerInfos[0])?.toString('hex')).toBe(
          createHash('sha256')
            .update(Buffer.from(cert.toSchema().toBER(false)))
            .digest('hex'),
        );
        // No signing-time in the signed attributes (PAdES baseline: the dictionary's /M is the claimed time).
        expect(cms.signerInfos[0].signedAttrs!.attributes.map((a) => a.type)).toEqual([
          '1.2.840.113549.1.9.3',
          '1.2.840.113549.1.9.4',
          '1.2.840.113549.1.9.16.2.47',
        ]);
        // The token names the authority's certificate too (RFC 3161 §2.4.2, RFC 5816).
        const token = new pkijs.SignedData({ schema: timestampOf(signatureOf(sealed).cms)!.token.content });
        expect(signingCertificateHashOf(token.signerInfos[0])).not.toBeNull();
        const outside = checkWithOutsideTools(sealed);
        expect(outside.tsVerify.output).toMatch(/Verification: OK/);
        expect(outside.qpdf.status, outside.qpdf.output).toBe(0);
        expect(outside.pdfsig).toMatch(/Signature is Valid/);
        // The placeholder's update had its startxref one byte early; it is set right before signing.
        const last = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(sealed.toString('latin1'))!;
        expect(sealed.subarray(Number(last[1]), Number(last[1]) + 4).toString('latin1')).toBe('xref');
      },
    );

    it('one changed byte inside the signed ranges fails verification', async () => {
      const changed = Buffer.from(sealed);
      changed[200] ^= 1;
      expect((await verifySeal(changed)).ok).toBe(false);
    });

    it.runIf(hasPdfsig)('pdfsig (poppler) finds the signature valid, and invalid after one changed byte', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seal-'));
      try {
        const good = path.join(dir, 'good.pdf');
        const bad = path.join(dir, 'bad.pdf');
        fs.writeFileSync(good, sealed);
        const changed = Buffer.from(sealed);
        changed[200] ^= 1;
        fs.writeFileSync(bad, changed);
        const run = (f: string) => {
          try {
            return execFileSync('pdfsig', [f], { encoding: 'utf8' });
          } catch (e) {
            return String((e as { stdout?: string }).stdout ?? '');
          }
        };
        expect(run(good)).toMatch(/Signature Validation: Signature is Valid/);
        expect(run(bad)).not.toMatch(/Signature Validation: Signature is Valid/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
