import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  stop(): Promise<void>;
}

/** A real SMTP peer on loopback that keeps every mail it receives (tests read codes from it). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) mails.push({ to: r.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise((r) => server.close(() => r())) };
}

/** The text of a received mail, whether sent as quoted-printable or base64 (nodemailer picks by content). */
export function mailText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const latin1 = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The 6-digit code in a received mail. */
export function codeInMail(raw: string): string | undefined {
  return /\b(\d{6})\b/.exec(mailText(raw))?.[1];
}
