import type { Transporter } from 'nodemailer';
import type { SmsGatewayConfig, SmtpConfig } from '../../config-integrations.js';

/** What leaves the machine: one e-mail or one SMS. Throws when the far end refuses or is away. */
export interface Transport {
  readonly name: string;
  send(message: { to: string; subject: string; body: string }): Promise<void>;
  close(): void;
}

/** E-mail over SMTP (nodemailer): implicit TLS or STARTTLS, optional authentication, time limits. */
export function createMailTransport(config: SmtpConfig): Transport {
  // nodemailer loads in ≈ 0.1 s: on the first e-mail, not at every start of the server.
  let opened: Promise<Transporter> | undefined;
  const open = () =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        requireTLS: config.requireTls,
        tls: { rejectUnauthorized: config.tlsVerify },
        ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
        connectionTimeout: config.timeoutMs,
        greetingTimeout: config.timeoutMs,
        socketTimeout: config.timeoutMs,
      }),
    ));
  return {
    name: 'smtp',
    async send(m) {
      const transporter = await open();
      await transporter.sendMail({
        from: config.from,
        to: m.to,
        subject: m.subject,
        text: m.body,
        textEncoding: 'quoted-printable',
      });
    },
    close: () => void opened?.then((t) => t.close()),
  };
}

/**
 * SMS through the company's HTTP gateway: POST JSON { to, from, text } with a bearer token;
 * any 2xx is accepted, anything else (or no answer within the limit) is a failed attempt.
 * Gateways differ; one that wants another shape sits behind a small adapter at this URL.
 */
export function createSmsTransport(config: SmsGatewayConfig): Transport {
  return {
    name: 'sms-gateway',
    async send(m) {
      const res = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify({
          to: m.to.replace(/[^0-9+]/g, ''),
          from: config.sender,
          text: `${m.subject}\n${m.body}`.slice(0, 1000),
        }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
    close: () => undefined,
  };
}
