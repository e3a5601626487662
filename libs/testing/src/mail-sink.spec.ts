import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import nodemailer, { type SendMailOptions } from 'nodemailer';

// The mail sink `npm start` runs when no SMTP_URL is set (scripts/mail-sink.mjs, plain JavaScript so that the start
// script needs no build to print mail): what it prints for a mail sent by the same client the API sends with.
interface MailSink {
  url: string;
  stop(): Promise<void>;
}
const sinkModule = pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/mail-sink.mjs')).href;
const { startMailSink } = (await import(sinkModule)) as {
  startMailSink(print: (text: string) => void): Promise<MailSink>;
};

async function printedFor(mail: SendMailOptions): Promise<string> {
  const printed: string[] = [];
  const sink = await startMailSink((text) => printed.push(text));
  try {
    await nodemailer.createTransport(sink.url).sendMail({ from: 'noreply@test.local', ...mail });
    // The sink has printed once the server accepted the mail's data, which sendMail waited for.
    expect(printed).toHaveLength(1);
    return printed[0]!;
  } finally {
    await sink.stop();
  }
}

describe('the start script’s mail sink', () => {
  it('prints a base64 mail decoded, so the set-password code can be read', async () => {
    const text = '您好，设置密码的验证码是 482913，10 分钟内有效。';
    const printed = await printedFor({
      to: 'staff@test.local',
      subject: '设置密码',
      text,
      textEncoding: 'base64',
    });
    expect(printed).toContain('📧 Mail to staff@test.local');
    expect(printed).toContain('Subject: 设置密码');
    expect(printed).toContain(text);
    expect(printed).not.toContain(Buffer.from(text).toString('base64').slice(0, 16));
  });

  it('prints a quoted-printable mail decoded', async () => {
    const text = `Your code is 105577. ${'Ä long line '.repeat(12)}`;
    const printed = await printedFor({
      to: 'en@test.local',
      subject: 'Code',
      text,
      textEncoding: 'quoted-printable',
    });
    expect(printed).toContain(text.trim());
  });

  it('prints the text part of a mail that also has HTML', async () => {
    const printed = await printedFor({
      to: 'both@test.local',
      subject: 'Code',
      text: '验证码 771204',
      html: '<p>验证码 <b>771204</b></p>',
    });
    expect(printed).toContain('验证码 771204');
    expect(printed).not.toContain('<p>');
  });
});
