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

/**
 * A real SMTP server for tests (smtp-server): requires authentication, offers STARTTLS (its built-in
 * self-signed certificate), parses every message with mailparser. `refuseNext(n)` answers the next n
 * messages with a 451 temporary failure.
 */
export async function startSmtpTestServer(credentials = { user: 'rtms', pass: 'secret-pass' }) {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    // The test connects over STARTTLS; plain-text authentication is then allowed.
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
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
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
            mail,
          });
          callback();
        })
        .catch(callback);
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    /** SMTP_URL for the app: STARTTLS with the test certificate, authenticated. */
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
