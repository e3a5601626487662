import nodemailer from 'nodemailer';
import pg from 'pg';
import { codeInMail, createTestDatabase, mailText, startSmtpSink } from './index.js';

describe('test harness', () => {
  it('creates a private database that exists until dropped', async () => {
    const db = await createTestDatabase('kbharness');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('SELECT current_database() AS name');
    await client.end();
    expect(rows[0].name).toBe(db.name);
    await db.drop();
    const probe = new pg.Client({ connectionString: db.url });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);
  });

  it('receives real mail over SMTP and reads codes from base64 and quoted-printable bodies', async () => {
    const sink = await startSmtpSink();
    try {
      const transport = nodemailer.createTransport(sink.url);
      await transport.sendMail({
        from: 'a@test.local',
        to: 'zh@test.local',
        subject: 'code',
        text: '您的验证码是 123456，10分钟内有效。',
      });
      await transport.sendMail({
        from: 'a@test.local',
        to: 'en@test.local',
        subject: 'code',
        text: `Your code is 654321. ${'long line '.repeat(20)}`,
      });
      expect(sink.mails.map((m) => m.to)).toEqual(['zh@test.local', 'en@test.local']);
      expect(mailText(sink.mails[0]!.raw)).toContain('您的验证码是 123456');
      expect(codeInMail(sink.mails[0]!.raw)).toBe('123456');
      expect(codeInMail(sink.mails[1]!.raw)).toBe('654321');
    } finally {
      await sink.stop();
    }
  });
});
