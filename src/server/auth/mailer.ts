// E-mail through nodemailer when SMTP_URL is set; every message also lands in the outbox
// (admin.email), which the superadmin reads in Settings. Without SMTP the outbox is the only copy.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What became of a message: ok (sent by SMTP, or kept in the outbox without SMTP), or the SMTP error. */
export type MailResult = { ok: true } | { ok: false; error: string };

export interface Mailer {
  /** Never throws on an SMTP failure (the flows that send go on): the result tells it, for those who retry. */
  send(q: Queryable, message: MailMessage): Promise<MailResult>;
}

export const SENT_BY_SMTP = 'Mensagem enviada por SMTP; o conteúdo não é guardado.';

export function createMailer(options: { smtpUrl?: string; from: string; log?: (msg: string) => void }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(q, message) {
      if (!transport) {
        await q.query(`INSERT INTO admin.email (para, assunto, texto, enviado) VALUES ($1, $2, $3, false)`, [message.to, message.subject, message.text]);
        options.log?.(`e-mail para ${message.to} (sem SMTP_URL, guardado na caixa de saída): ${message.subject}\n${message.text}`);
        return { ok: true };
      }
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
        await q.query(`INSERT INTO admin.email (para, assunto, texto, enviado) VALUES ($1, $2, $3, true)`, [message.to, message.subject, SENT_BY_SMTP]);
        return { ok: true };
      } catch (e) {
        // Kept with its error for the superadmin to see; the flow goes on (the user can ask again).
        await q.query(`INSERT INTO admin.email (para, assunto, texto, enviado, erro) VALUES ($1, $2, $3, false, $4)`, [
          message.to,
          message.subject,
          message.text,
          (e as Error).message,
        ]);
        options.log?.(`falha ao enviar e-mail para ${message.to}: ${(e as Error).message}`);
        return { ok: false, error: (e as Error).message };
      }
    },
  };
}
