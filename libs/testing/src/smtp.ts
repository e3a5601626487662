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

/** The 6-digit code in a received mail (quoted-printable soft breaks removed). */
export function codeInMail(raw: string): string | undefined {
  return /\b(\d{6})\b/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
}
