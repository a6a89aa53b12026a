import { BUSINESS_TIME_ZONE } from '../../../lib/date';
/**
 * The public supplier application wizard (spec §2 templates; docs/suppliers.md "Application"):
 * /template/userApply (start or resume), ogpmsUserApply1 (terms and privacy, versioned),
 * ogpmsUserApply2 (company and attachments), ogpmsUserApply3 (first user, phone proven by a
 * one-time code), then the receipt number.
 *
 * Why a custom component: the wizard works without a login — every call carries the application's
 * receipt number and secret in a header, files go to the application's own upload, and each page
 * checks on load that the steps before it are done (a step opened by its URL is refused with a link
 * to the right one). The engine's edit screens call operations of a logged-in user and cannot send
 * that header.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CustomScreenProps } from '../../../engine';
import { MultiSelect, Select, TextInput, type CodeOption } from '../../../widgets';
import { WidgetButton } from '../../../widgets/common/button';
import { applyApi, draftStore, refusalOf, type Draft, type Refusal } from './apply-client';
import styles from './supplierApply.module.css';

type Step = 'start' | 'terms' | 'company' | 'user';
const ROUTES = {
  start: '/template/userApply',
  terms: '/template/ogpmsUserApply1',
  company: '/template/ogpmsUserApply2',
  user: '/template/ogpmsUserApply3',
} as const;
/** Steps that must be done before a page may be filled (the server refuses the same). */
const NEEDS: Record<Exclude<Step, 'start'>, number> = { terms: 0, company: 1, user: 2 };
const NEXT_PAGE: Step[] = ['terms', 'company', 'user', 'user'];
const K = 'screen.supplierApply.wizard';

type Application = NonNullable<Awaited<ReturnType<typeof readDraft>>['data']>;

function readDraft(d: Draft) {
  return applyApi.GET('/api/v1/public/supplier-applications/{receiptNo}', {
    params: { path: { receiptNo: d.receiptNo }, header: { 'x-apply-secret': d.secret } },
  });
}

function Banner({ refusal }: { refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <p role="alert" className={styles.error}>
      {refusal.msg}
    </p>
  );
}

function Steps({ current }: { current: Step }) {
  const { t } = useTranslation();
  const steps: Step[] = ['terms', 'company', 'user'];
  return (
    <ol className={styles.steps} aria-label={t(`${K}.steps`)}>
      {steps.map((s, i) => (
        <li
          key={s}
          aria-current={s === current ? 'step' : undefined}
          className={s === current ? styles.current : undefined}
        >
          {i + 1}. {t(`${K}.step.${s}`)}
        </li>
      ))}
    </ol>
  );
}

export default function SupplierApply({ props }: CustomScreenProps) {
  const step = String(props.step ?? 'start') as Step;
  return step === 'start' ? <StartPage /> : <StepPage step={step} />;
}

function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [applyType, setApplyType] = useState<'NEW_COMPANY' | 'NEW_USER'>('NEW_COMPANY');
  const [resume, setResume] = useState({ receiptNo: '', secret: '' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    const { data, error } = await applyApi.POST('/api/v1/public/supplier-applications', { body: { applyType } });
    setBusy(false);
    if (!data) return setRefusal(refusalOf(error, t(`${K}.failed`)));
    draftStore.set({ receiptNo: data.receiptNo, secret: data.secret });
    navigate(ROUTES.terms);
  };
  const goOn = async () => {
    const d = { receiptNo: resume.receiptNo.trim().toUpperCase(), secret: resume.secret.trim() };
    setBusy(true);
    const { data, error } = await readDraft(d);
    setBusy(false);
    if (!data) return setRefusal(refusalOf(error, t(`${K}.failed`)));
    draftStore.set(d);
    navigate(ROUTES[NEXT_PAGE[data.step]]);
  };

  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t(`${K}.startTitle`)}</h2>
      <p>{t(`${K}.startIntro`)}</p>
      <Banner refusal={refusal} />
      <fieldset className={styles.box}>
        <legend>{t(`${K}.applyType`)}</legend>
        {(['NEW_COMPANY', 'NEW_USER'] as const).map((v) => (
          <label key={v} className={styles.choice}>
            <input type="radio" name="applyType" value={v} checked={applyType === v} onChange={() => setApplyType(v)} />{' '}
            {t(`option.supplierApply.applyType.${v}`)}
            <span className={styles.help}>{t(`${K}.applyTypeHelp.${v}`)}</span>
          </label>
        ))}
        <WidgetButton variant="primary" onClick={start} disabled={busy}>
          {t(`${K}.start`)}
        </WidgetButton>
      </fieldset>
      <fieldset className={styles.box}>
        <legend>{t(`${K}.resume`)}</legend>
        <p className={styles.help}>{t(`${K}.resumeHelp`)}</p>
        <div className={styles.grid}>
          <TextInput
            label={t(`${K}.receiptNo`)}
            value={resume.receiptNo}
            onChange={(v) => setResume({ ...resume, receiptNo: v })}
            placeholder="SA2026-000001"
            maxRealLength={20}
            showCounter={false}
          />
          <TextInput
            label={t(`${K}.secret`)}
            value={resume.secret}
            onChange={(v) => setResume({ ...resume, secret: v })}
            maxRealLength={100}
            showCounter={false}
          />
        </div>
        <WidgetButton onClick={goOn} disabled={busy || !resume.receiptNo || !resume.secret}>
          {t(`${K}.resumeGo`)}
        </WidgetButton>
      </fieldset>
      <p>
        <a href="/template/ogpmsLogin">{t(`${K}.toLogin`)}</a>
      </p>
    </div>
  );
}

function StepPage({ step }: { step: Exclude<Step, 'start'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = useState(() => draftStore.get());
  const [app, setApp] = useState<Application | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const [tick, setTick] = useState(0);
  const reload = useCallback(async () => setTick((n) => n + 1), []);
  useEffect(() => {
    if (!draft) return;
    let live = true;
    void readDraft(draft).then(({ data, error }) => {
      if (!live) return;
      if (data) setApp(data);
      else setRefusal(refusalOf(error, t(`${K}.failed`)));
    });
    return () => {
      live = false;
    };
  }, [draft, t, tick]);

  if (done) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t(`${K}.doneTitle`)}</h2>
        <p data-testid="apply-receipt" className={styles.receipt}>
          {t(`${K}.receiptNo`)}: <strong>{done}</strong>
        </p>
        <p>{t(`${K}.doneText`)}</p>
        <a href="/template/ogpmsLogin">{t(`${K}.toLogin`)}</a>
      </div>
    );
  }
  if (!draft)
    return <Refused text={t(`${K}.noDraft`)} action={t(`${K}.toStart`)} onAction={() => navigate(ROUTES.start)} />;
  if (!app)
    return (
      <div className={styles.page}>
        {refusal ? (
          <Refused text={refusal.msg} action={t(`${K}.toStart`)} onAction={() => navigate(ROUTES.start)} />
        ) : (
          t(`${K}.loading`)
        )}
      </div>
    );
  if (app.step < NEEDS[step]) {
    const target = NEXT_PAGE[app.step];
    return (
      <Refused
        text={t(`${K}.skipped`, { step: app.step })}
        action={t(`${K}.goTo`, { name: t(`${K}.step.${target}`) })}
        onAction={() => navigate(ROUTES[target])}
      />
    );
  }
  const finished = (next: Step | null, receipt?: string) => {
    if (receipt) {
      draftStore.clear();
      setDone(receipt);
    } else if (next) navigate(ROUTES[next]);
  };
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t(`${K}.title`)}</h2>
      <Steps current={step} />
      <p className={styles.keep} data-testid="apply-draft">
        {t(`${K}.keep`, {
          receiptNo: app.receiptNo,
          date: new Date(app.expiresAt).toLocaleDateString('ko-KR', { timeZone: BUSINESS_TIME_ZONE }),
        })}{' '}
        <code>{draft.secret}</code>
      </p>
      {step === 'terms' && <TermsStep draft={draft} onDone={() => finished('company')} />}
      {step === 'company' && (
        <CompanyStep
          draft={draft}
          app={app}
          onChanged={reload}
          onDone={() => finished('user')}
          onBack={() => navigate(ROUTES.terms)}
        />
      )}
      {step === 'user' && (
        <UserStep draft={draft} onDone={(receipt) => finished(null, receipt)} onBack={() => navigate(ROUTES.company)} />
      )}
    </div>
  );
}

function Refused({ text, action, onAction }: { text: string; action: string; onAction: () => void }) {
  return (
    <div className={styles.page}>
      <p role="alert" className={styles.error}>
        {text}
      </p>
      <WidgetButton variant="primary" onClick={onAction}>
        {action}
      </WidgetButton>
    </div>
  );
}

function TermsStep({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState<Array<{ kind: string; version: string; title: string; body: string }>>([]);
  const [agree, setAgree] = useState({ TERMS: false, PRIVACY: false });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useEffect(() => {
    void applyApi.GET('/api/v1/public/apply-terms').then(({ data }) => setTerms(data?.rows ?? []));
  }, []);
  const version = (kind: string) => terms.find((x) => x.kind === kind)?.version ?? '';
  const submit = async () => {
    const { data, error } = await applyApi.PUT('/api/v1/public/supplier-applications/{receiptNo}/consent', {
      params: { path: { receiptNo: draft.receiptNo }, header: { 'x-apply-secret': draft.secret } },
      body: {
        termsVersion: version('TERMS'),
        privacyVersion: version('PRIVACY'),
        agreeTerms: agree.TERMS,
        agreePrivacy: agree.PRIVACY,
      },
    });
    if (data) onDone();
    else setRefusal(refusalOf(error, t(`${K}.failed`)));
  };
  return (
    <section>
      <Banner refusal={refusal} />
      {terms.map((x) => (
        <div key={x.kind} className={styles.box}>
          <h3 className={styles.subtitle}>
            {x.title}{' '}
            <span className={styles.help}>
              ({t(`${K}.version`)} {x.version})
            </span>
          </h3>
          <pre className={styles.terms} tabIndex={0}>
            {x.body}
          </pre>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={agree[x.kind as 'TERMS' | 'PRIVACY']}
              onChange={(e) => setAgree({ ...agree, [x.kind]: e.target.checked })}
            />{' '}
            {t(`${K}.agree.${x.kind}`)}
          </label>
        </div>
      ))}
      <WidgetButton variant="primary" onClick={submit} disabled={terms.length === 0}>
        {t(`${K}.next`)}
      </WidgetButton>
    </section>
  );
}

type CompanyForm = {
  taxNo: string;
  corpNo: string;
  compNameKr: string;
  compNameEn: string;
  ceoName: string;
  zipCode: string;
  address: string;
  bizType: string;
  bizItem: string;
  phoneNo: string;
  catCodes: string[];
  bankCode: string;
  bankAccount: string;
  bankHolder: string;
};

function CompanyStep({
  draft,
  app,
  onChanged,
  onDone,
  onBack,
}: {
  draft: Draft;
  app: Application;
  onChanged: () => Promise<void>;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CompanyForm>(() => ({
    taxNo: app.taxNo2 ?? '',
    corpNo: app.corpNo ?? '',
    compNameKr: app.compNameKr ?? '',
    compNameEn: app.compNameEn ?? '',
    ceoName: app.ceoName ?? '',
    zipCode: app.zipCode ?? '',
    address: app.address ?? '',
    bizType: app.bizType ?? '',
    bizItem: app.bizItem ?? '',
    phoneNo: app.phoneNo ?? '',
    catCodes: app.catCodes,
    bankCode: app.bankCode ?? '',
    bankAccount: app.bankAccount ?? '',
    bankHolder: app.bankHolder ?? '',
  }));
  const [options, setOptions] = useState<{ banks: CodeOption[]; categories: CodeOption[] }>({
    banks: [],
    categories: [],
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    void applyApi.GET('/api/v1/public/apply-options').then(({ data }) => data && setOptions(data));
  }, []);
  const set = (k: keyof CompanyForm) => (v: string | string[]) => setForm((f) => ({ ...f, [k]: v }));
  const bad = (k: string) => refusal?.fields[k] ?? null;
  const newUser = app.applyType === 'NEW_USER';

  const upload = async (kind: 'CERT' | 'BANKBOOK', file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const body = new FormData();
    body.append('file', file);
    const res = await fetch(`/api/v1/public/supplier-applications/${draft.receiptNo}/files/${kind}`, {
      method: 'POST',
      body,
      headers: { 'x-apply-secret': draft.secret, IsCyber: 'N' },
    });
    setUploading(false);
    if (!res.ok)
      return setRefusal({
        ...refusalOf(await res.json().catch(() => null), t(`${K}.failed`)),
        fields: { [kind]: t(`${K}.uploadRefused`) },
      });
    setRefusal(null);
    await onChanged();
  };
  const submit = async () => {
    const body = newUser
      ? { taxNo: form.taxNo }
      : {
          ...form,
          corpNo: form.corpNo || null,
          compNameEn: form.compNameEn || null,
          zipCode: form.zipCode || null,
          bizType: form.bizType || null,
          bizItem: form.bizItem || null,
          phoneNo: form.phoneNo || null,
        };
    const { data, error } = await applyApi.PUT('/api/v1/public/supplier-applications/{receiptNo}/company', {
      params: { path: { receiptNo: draft.receiptNo }, header: { 'x-apply-secret': draft.secret } },
      body,
    });
    if (data) onDone();
    else setRefusal(refusalOf(error, t(`${K}.failed`)));
  };
  const field = (k: keyof CompanyForm, bytes: number, required = false, placeholder?: string): ReactNode => (
    <TextInput
      label={t(`${K}.field.${k}`)}
      value={form[k] as string}
      onChange={set(k)}
      maxlength={bytes}
      required={required}
      invalid={bad(k)}
      placeholder={placeholder}
      block
    />
  );
  const fileRow = (kind: 'CERT' | 'BANKBOOK', name: string | null) => (
    <label className={styles.file}>
      <span>
        {t(`${K}.file.${kind}`)} <em className={styles.required}>*</em>
      </span>
      <input
        type="file"
        accept=".pdf,.png,.jpg,.jpeg,.gif,.bmp,.tif,.tiff"
        aria-label={t(`${K}.file.${kind}`)}
        disabled={uploading}
        onChange={(e) => void upload(kind, e.target.files?.[0])}
      />
      <span data-testid={`apply-file-${kind}`}>{name ?? t(`${K}.noFile`)}</span>
      {bad(kind) || bad(`files/${kind}`) ? (
        <span className={styles.fieldError}>{bad(kind) ?? bad(`files/${kind}`)}</span>
      ) : null}
    </label>
  );
  return (
    <section>
      <Banner refusal={refusal} />
      <div className={styles.grid}>
        {field('taxNo', 12, true, '123-45-67890')}
        {!newUser && (
          <>
            {field('corpNo', 14, false, '110111-1234567')}
            {field('compNameKr', 100, true)}
            {field('compNameEn', 100)}
            {field('ceoName', 50, true)}
            {field('phoneNo', 20, false, '02-123-4567')}
            {field('zipCode', 10)}
            {field('address', 300, true)}
            {field('bizType', 100)}
            {field('bizItem', 100)}
            <MultiSelect
              label={t(`${K}.field.catCodes`)}
              value={form.catCodes}
              onChange={set('catCodes')}
              options={options.categories}
              required
              invalid={bad('catCodes')}
              block
            />
            <Select
              label={t(`${K}.field.bankCode`)}
              value={form.bankCode}
              onChange={set('bankCode')}
              options={options.banks}
              required
              invalid={bad('bankCode')}
              block
            />
            {field('bankAccount', 30, true, '123-456-789012')}
            {field('bankHolder', 50, true)}
          </>
        )}
      </div>
      {!newUser && (
        <div className={styles.box}>
          <p className={styles.help}>{t(`${K}.fileHelp`)}</p>
          {fileRow('CERT', app.certName)}
          {fileRow('BANKBOOK', app.bankbookName)}
        </div>
      )}
      <div className={styles.actions}>
        <WidgetButton onClick={onBack}>{t(`${K}.back`)}</WidgetButton>
        <WidgetButton variant="primary" onClick={submit} disabled={uploading}>
          {t(`${K}.next`)}
        </WidgetButton>
      </div>
    </section>
  );
}

function UserStep({ draft, onDone, onBack }: { draft: Draft; onDone: (receipt: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    userId: '',
    hname: '',
    phoneNo: '',
    cellPhoneNo: '',
    email: '',
    password: '',
    passwordCheck: '',
    otpCode: '',
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const bad = (k: string) => refusal?.fields[k] ?? null;
  const sendCode = async () => {
    const { data, error } = await applyApi.POST('/api/v1/public/supplier-applications/{receiptNo}/otp', {
      params: { path: { receiptNo: draft.receiptNo }, header: { 'x-apply-secret': draft.secret } },
      body: { cellPhoneNo: form.cellPhoneNo },
    });
    if (data) {
      setRefusal(null);
      setSent(t(`${K}.otpSent`, { to: data.sentTo }));
    } else setRefusal(refusalOf(error, t(`${K}.failed`)));
  };
  const submit = async () => {
    if (form.password !== form.passwordCheck)
      return setRefusal({ msg: t(`${K}.passwordMismatch`), fields: { passwordCheck: t(`${K}.passwordMismatch`) } });
    const { passwordCheck: _check, ...body } = form;
    const { data, error } = await applyApi.POST('/api/v1/public/supplier-applications/{receiptNo}/submit', {
      params: { path: { receiptNo: draft.receiptNo }, header: { 'x-apply-secret': draft.secret } },
      body: { ...body, phoneNo: body.phoneNo || null },
    });
    if (data) onDone(data.receiptNo);
    else setRefusal(refusalOf(error, t(`${K}.failed`)));
  };
  const text = (
    k: keyof typeof form,
    max: number,
    required = false,
    extra: { placeholder?: string; password?: boolean } = {},
  ) =>
    extra.password ? (
      <label className={styles.file}>
        <span>
          {t(`${K}.field.${k}`)} <em className={styles.required}>*</em>
        </span>
        <input
          type="password"
          autoComplete="new-password"
          aria-label={t(`${K}.field.${k}`)}
          value={form[k]}
          maxLength={max}
          onChange={(e) => set(k)(e.target.value)}
        />
        {bad(k) ? <span className={styles.fieldError}>{bad(k)}</span> : null}
      </label>
    ) : (
      <TextInput
        label={t(`${K}.field.${k}`)}
        value={form[k]}
        onChange={set(k)}
        maxlength={max}
        required={required}
        invalid={bad(k)}
        placeholder={extra.placeholder}
        block
      />
    );
  return (
    <section>
      <Banner refusal={refusal} />
      <div className={styles.grid}>
        {text('userId', 20, true)}
        {text('hname', 50, true)}
        {text('email', 100, true, { placeholder: 'name@example.com' })}
        {text('phoneNo', 20, false, { placeholder: '02-123-4567' })}
        {text('password', 64, true, { password: true })}
        {text('passwordCheck', 64, true, { password: true })}
      </div>
      <p className={styles.help}>{t(`${K}.passwordHelp`)}</p>
      <div className={styles.box}>
        <div className={styles.grid}>
          {text('cellPhoneNo', 20, true, { placeholder: '010-1234-5678' })}
          <div className={styles.otpButton}>
            <WidgetButton onClick={sendCode} disabled={!form.cellPhoneNo}>
              {t(`${K}.sendOtp`)}
            </WidgetButton>
          </div>
          {text('otpCode', 6, true)}
        </div>
        {sent ? (
          <p role="status" className={styles.help}>
            {sent}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <WidgetButton onClick={onBack}>{t(`${K}.back`)}</WidgetButton>
        <WidgetButton variant="primary" onClick={submit}>
          {t(`${K}.submit`)}
        </WidgetButton>
      </div>
    </section>
  );
}
