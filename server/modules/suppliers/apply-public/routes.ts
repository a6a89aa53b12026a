import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { OTP_MAX_ATTEMPTS, OTP_VALIDITY_SEC } from '../../../auth/otp.js';
import { FileStore } from '../../files/storage.js';
import {
  ApplyOptions,
  CompanyBody,
  ConsentBody,
  FileKindParams,
  OtpAnswer,
  OtpBody,
  PublicApplication,
  ReceiptParams,
  SecretHeaders,
  StartAnswer,
  StartBody,
  SubmitBody,
  Terms,
  UploadAnswer,
} from '../apply-schemas.js';
import {
  APPLICATION_KEEP_DAYS,
  applyOptions,
  consent,
  ownApplication,
  saveCompanyStep,
  sendApplicationOtp,
  startApplication,
  submitApplication,
  termsInForce,
  uploadApplicationFile,
  type ApplyDeps,
} from './service.js';

const tags = ['supplier-apply'];

/**
 * The public application wizard (/template/userApply, ogpmsUserApply1..3; docs/suppliers.md
 * "Application"). No login: the application is reached by its receipt number and the secret
 * answered at the start (header X-Apply-Secret). Every operation is rate-limited per client in the
 * database store; every write is one transaction with an audit row. Nothing here creates a login:
 * the first user exists only once staff approve (apply-review/).
 */
export const supplierApplyPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 409: Type.Ref('ErrorBody'), 429: Type.Ref('ErrorBody') };
  const store = FileStore.of(app.config);
  const base = '/api/v1/public/supplier-applications';
  const deps = (): ApplyDeps => ({
    db: app.dbh.db,
    store,
    uploadLimitMb: app.config.uploadLimitMb,
    sender: app.auth.sender,
  });

  app.get(
    '/api/v1/public/apply-terms',
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'listApplyTerms',
        tags,
        summary: 'The terms of use and privacy consent in force (versioned)',
        response: { 200: Terms, ...failures },
      },
    },
    async () => termsInForce(app.dbh.db, app.clock.now()),
  );

  app.get(
    '/api/v1/public/apply-options',
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'listApplyOptions',
        tags,
        summary: 'What the company step offers: banks (BANK codes) and item categories (levels 1–2, in use)',
        response: { 200: ApplyOptions, ...failures },
      },
    },
    async () => applyOptions(app.dbh.db),
  );

  app.post(
    base,
    {
      config: { access: access.public(), ...limited, identityBound: false },
      schema: {
        operationId: 'startSupplierApplication',
        tags,
        summary: `Start an application: answers its receipt number and a secret (shown once) that keep it for ${APPLICATION_KEEP_DAYS} days`,
        body: StartBody,
        response: { 200: StartAnswer, ...failures },
      },
    },
    async (request) => startApplication(app.dbh.db, request.body.applyType, request.ip, app.clock.now()),
  );

  app.get(
    `${base}/:receiptNo`,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'getOwnSupplierApplication',
        tags,
        summary: 'The applicant reads its unfinished application back (to resume it)',
        params: ReceiptParams,
        headers: SecretHeaders,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) =>
      ownApplication(app.dbh.db, request.params.receiptNo, request.headers['x-apply-secret'], app.clock.now()),
  );

  app.put(
    `${base}/:receiptNo/consent`,
    {
      config: { access: access.public(), ...limited, identityBound: false },
      schema: {
        operationId: 'consentSupplierApplication',
        tags,
        summary: 'Step 1: consent to the terms and the privacy notice in force (their versions are kept)',
        params: ReceiptParams,
        headers: SecretHeaders,
        body: ConsentBody,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) =>
      consent(app.dbh.db, request.params.receiptNo, request.headers['x-apply-secret'], request.body, app.clock.now()),
  );

  app.post(
    `${base}/:receiptNo/files/:kind`,
    {
      config: { access: access.public(), ...limited, identityBound: false },
      schema: {
        operationId: 'uploadSupplierApplicationFile',
        tags,
        summary:
          'Step 2: the registration certificate (CERT) or bankbook copy (BANKBOOK), one PDF or image each (multipart, field "file"); size, type and content are checked before it is kept; a second upload replaces the first',
        consumes: ['multipart/form-data'],
        params: FileKindParams,
        headers: SecretHeaders,
        response: { 200: UploadAnswer, 413: Type.Ref('ErrorBody'), 415: Type.Ref('ErrorBody'), ...failures },
      },
    },
    async (request) =>
      uploadApplicationFile(
        deps(),
        request.params.receiptNo,
        request.params.kind,
        request.headers['x-apply-secret'],
        async () => (request.isMultipart() ? request.file() : null),
        app.clock.now(),
      ),
  );

  app.put(
    `${base}/:receiptNo/company`,
    {
      config: { access: access.public(), ...limited, identityBound: false },
      schema: {
        operationId: 'saveSupplierApplicationCompany',
        tags,
        summary:
          'Step 2: the company (business number with check digit, not yet registered; corporate number with check digit; names within their byte limits; CEO, address, categories, bank account) — or, for a new user, the registered company’s business number',
        params: ReceiptParams,
        headers: SecretHeaders,
        body: CompanyBody,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) =>
      saveCompanyStep(
        app.dbh.db,
        request.params.receiptNo,
        request.headers['x-apply-secret'],
        request.body,
        app.clock.now(),
      ),
  );

  app.post(
    `${base}/:receiptNo/otp`,
    {
      config: {
        access: access.public(),
        rateLimit: { max: Math.max(1, Math.ceil(app.config.authRateLimitPerMinute / 3)), timeWindow: '1 minute' },
        identityBound: false,
      },
      schema: {
        operationId: 'sendSupplierApplicationOtp',
        tags,
        summary: `Step 3: send a one-time code to the first user’s cell phone (valid ${OTP_VALIDITY_SEC / 60} minutes, ${OTP_MAX_ATTEMPTS} attempts; a new code replaces the last)`,
        params: ReceiptParams,
        headers: SecretHeaders,
        body: OtpBody,
        response: { 200: OtpAnswer, ...failures },
      },
    },
    async (request) =>
      sendApplicationOtp(
        deps(),
        request.params.receiptNo,
        request.headers['x-apply-secret'],
        request.body.cellPhoneNo,
        app.clock.now(),
      ),
  );

  app.post(
    `${base}/:receiptNo/submit`,
    {
      config: { access: access.public(), ...limited, identityBound: false },
      schema: {
        operationId: 'submitSupplierApplication',
        tags,
        summary:
          'Step 3: the first user (id, name, phones, e-mail, password under the policy) with the one-time code that proves the phone; submits the application for review (a new company also gets its registration evaluation). No login works until staff approve',
        params: ReceiptParams,
        headers: SecretHeaders,
        body: SubmitBody,
        response: { 200: PublicApplication, ...failures },
      },
    },
    async (request) =>
      submitApplication(
        app.dbh.db,
        request.params.receiptNo,
        request.headers['x-apply-secret'],
        request.body,
        app.clock.now(),
      ),
  );
};
