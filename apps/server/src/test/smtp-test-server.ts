import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  /** The authenticated user of the session. */
  user: string | undefined;
  /** Whether the session was upgraded with STARTTLS. */
  secure: boolean;
  mail: ParsedMail;
}

export interface SmtpTestServerOptions {
  /**
   * A slow server: each message is kept as soon as it has arrived and answered this many milliseconds later, as a
   * server that commits a message before it replies (a client that dies meanwhile never learns it went).
   */
  delayMs?: number;
  /** Further user names accepted with the same password (tests tell senders apart by them). */
  otherUsers?: string[];
}

/** A message that has arrived and whose answer the server has not sent yet (see `delayMs`). */
export interface PendingMail {
  user: string | undefined;
  messageId: string | undefined;
}

/**
 * A real SMTP server for tests (smtp-server): requires authentication, offers STARTTLS (its built-in
 * self-signed certificate), parses every message with mailparser. `refuseNext(n)` answers the next n
 * messages with a 451 temporary failure.
 */
export async function startSmtpTestServer(
  credentials = { user: 'rtms', pass: 'secret-pass' },
  options: SmtpTestServerOptions = {},
) {
  const received: ReceivedMail[] = [];
  const pending = new Set<PendingMail>();
  const users = new Set([credentials.user, ...(options.otherUsers ?? [])]);
  let refusals = 0;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    // The test connects over STARTTLS; plain-text authentication is then allowed.
    onAuth(auth, _session, callback) {
      if (users.has(auth.username ?? '') && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const user = typeof session.user === 'string' ? session.user : undefined;
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user,
            secure: session.secure,
            mail,
          });
          if (!options.delayMs) return callback();
          const waiting: PendingMail = { user, messageId: mail.messageId };
          pending.add(waiting);
          setTimeout(() => {
            pending.delete(waiting);
            callback();
          }, options.delayMs);
        })
        .catch(callback);
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    /** Messages kept but not answered yet (with `delayMs`). */
    pending,
    /** SMTP_URL for the app: STARTTLS with the test certificate, authenticated. */
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    /** SMTP_URL signing in as another of `otherUsers`. */
    urlAs: (user: string) => `smtp://${user}:${credentials.pass}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
