// The channels the communication scale sends through, one interface each: send(message) -> { ok, error }.
// - E-mail: the project's mailer (src/server/auth/mailer.ts): nodemailer over SMTP_URL, or, without it,
//   the e-mail outbox (admin.email) the superadmin reads.
// - WhatsApp: the WhatsApp Cloud API (WHATSAPP_API_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN): a
//   template message, the rule's template name in WHATSAPP_TEMPLATE_LANGUAGE (pt_BR), with the
//   customer's name as its one body parameter ({{1}} in the template).
// - SMS: a generic gateway (SMS_API_URL): POST JSON { to, message }, with Authorization: Bearer
//   SMS_API_TOKEN when set; any 2xx answer is a send.
// Without a gateway, WhatsApp and SMS messages go to the messages outbox (admin.mensagem, Settings >
// Mensagens) and count as sent; with one, the outbox keeps a copy of each message with its result
// (enviado, erro). Requests time out after COMMUNICATION_HTTP_TIMEOUT_MS (10 s).
import type { Queryable } from '../db/index.js';
import { createMailer, type Mailer } from '../auth/mailer.js';
import type { Canal } from './select.js';

export interface OutgoingMessage {
  /** E-mail address, or the mobile number as 55 + DDD + number. */
  para: string;
  /** E-mail subject. */
  assunto?: string | null;
  /** E-mail and SMS text; for WhatsApp the template's name. */
  texto: string;
  /** WhatsApp template body parameters. */
  parametros?: string[];
}

export type SendResult = { ok: true } | { ok: false; error: string };

export interface Channel {
  send(message: OutgoingMessage): Promise<SendResult>;
}

export type Channels = Record<Canal, Channel>;

export interface WhatsappSettings {
  apiUrl: string;
  phoneNumberId?: string;
  token?: string;
  language: string;
}
export interface SmsSettings {
  url: string;
  token?: string;
}
export interface ChannelSettings {
  smtpUrl?: string;
  mailFrom?: string;
  whatsapp?: WhatsappSettings;
  sms?: SmsSettings;
  httpTimeoutMs?: number;
  log?: (msg: string) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ERROR = 500;
const clip = (s: string) => (s.length > MAX_ERROR ? `${s.slice(0, MAX_ERROR - 1)}…` : s);

/** The error of a gateway's answer: its JSON error message when it has one, else the status. */
async function answerError(response: Response): Promise<string> {
  let detail = '';
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as Record<string, any>;
      detail = body?.error?.message ?? body?.message ?? body?.error ?? text;
    } catch {
      detail = text;
    }
  } catch {
    // the body could not be read: the status says enough
  }
  return clip(`HTTP ${response.status}${detail ? `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`);
}

async function post(url: string, body: unknown, token: string | undefined, timeoutMs: number): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.ok) {
      await response.body?.cancel().catch(() => {});
      return { ok: true };
    }
    return { ok: false, error: await answerError(response) };
  } catch (e) {
    const err = e as Error & { cause?: Error };
    const reason = err.name === 'TimeoutError' ? `sem resposta em ${timeoutMs} ms` : `${err.message}${err.cause?.message ? ` (${err.cause.message})` : ''}`;
    return { ok: false, error: clip(reason) };
  }
}

/** Writes the message to the outbox: the only copy without a gateway, a record of the result with one. */
async function keep(db: Queryable, canal: 'whatsapp' | 'sms', m: OutgoingMessage, result: SendResult | null) {
  await db.query(`INSERT INTO admin.mensagem (canal, para, template, texto, enviado, erro) VALUES ($1, $2, $3, $4, $5, $6)`, [
    canal,
    m.para,
    canal === 'whatsapp' ? m.texto : null,
    canal === 'whatsapp' ? (m.parametros ?? []).join(' | ') || null : m.texto,
    result?.ok === true,
    result && !result.ok ? result.error : null,
  ]);
}

export function createChannels(db: Queryable, settings: ChannelSettings, mailer?: Mailer): Channels {
  const timeout = settings.httpTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const mail = mailer ?? createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom ?? 'Intranet <nao-responda@intranet.local>' });
  const whatsapp = settings.whatsapp;
  const sms = settings.sms;
  return {
    email: {
      send: (m) => mail.send(db, { to: m.para, subject: m.assunto ?? '', text: m.texto }),
    },
    whatsapp: {
      async send(m) {
        if (!whatsapp) {
          await keep(db, 'whatsapp', m, null);
          return { ok: true };
        }
        const base = whatsapp.apiUrl.replace(/\/+$/, '');
        const url = whatsapp.phoneNumberId ? `${base}/${encodeURIComponent(whatsapp.phoneNumberId)}/messages` : base;
        const parameters = (m.parametros ?? []).map((text) => ({ type: 'text', text }));
        const result = await post(
          url,
          {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: m.para,
            type: 'template',
            template: { name: m.texto, language: { code: whatsapp.language }, ...(parameters.length ? { components: [{ type: 'body', parameters }] } : {}) },
          },
          whatsapp.token,
          timeout,
        );
        await keep(db, 'whatsapp', m, result);
        return result;
      },
    },
    sms: {
      async send(m) {
        if (!sms) {
          await keep(db, 'sms', m, null);
          return { ok: true };
        }
        const result = await post(sms.url, { to: m.para, message: m.texto }, sms.token, timeout);
        await keep(db, 'sms', m, result);
        return result;
      },
    },
  };
}
