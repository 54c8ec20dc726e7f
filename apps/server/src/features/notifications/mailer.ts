import nodemailer from 'nodemailer';

/**
 * How long a send may wait for each step (decision 038), far below nodemailer's defaults (2 minutes to connect,
 * 10 minutes of silence), so that a hung mail server cannot hold a delivery past its claim. The URL's query
 * overrides each (`?socketTimeout=120000`).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export interface OutgoingMail {
  /**
   * Makes the `Message-ID` (`<key@domain>`): the least id of the delivery rows the message covers, so that a message
   * sent again (after a crash between the server's acceptance and the record of it, or a retry) carries the same
   * Message-ID.
   */
  messageKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** RFC 8058 one-click unsubscribe address (none for a message its recipient stops where they asked for it). */
  unsubscribeUrl?: string;
  /** Files sent with the message (a scheduled report). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.url });
  return {
    async send(mail) {
      const messageId = `<${mail.messageKey}@${options.messageIdDomain}>`;
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
          ...(mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        },
        ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      return { messageId };
    },
    close() {
      transport.close();
    },
  };
}
