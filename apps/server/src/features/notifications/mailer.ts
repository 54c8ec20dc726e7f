import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** RFC 8058 one-click unsubscribe address. */
  unsubscribeUrl: string;
}

/** Sends email; throws with the server's answer when the message is not accepted. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * A mailer over `SMTP_URL` (nodemailer): `smtp://` upgrades with STARTTLS when the server offers it,
 * `smtps://` is TLS from the start, user and password in the URL authenticate. Options such as
 * `?tls.rejectUnauthorized=false` are read from the URL's query by nodemailer.
 */
export function createSmtpMailer(options: { url: string; from: string; messageIdDomain: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail) {
      const messageId = `<${randomUUID()}@${options.messageIdDomain}>`;
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
        headers: {
          'Content-Language': mail.language,
          'Auto-Submitted': 'auto-generated',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        list: { unsubscribe: mail.unsubscribeUrl },
      });
      return { messageId };
    },
    close() {
      transport.close();
    },
  };
}
