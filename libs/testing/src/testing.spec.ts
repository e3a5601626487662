import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { codeInMail, createTestDatabase, mailText, startRedisCluster, startSmtpSink } from './index.js';

const run = promisify(execFile);

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

  it('starts a Redis Cluster of three masters owning every slot, and stops it', async () => {
    const cluster = await startRedisCluster();
    const cli = (port: number, ...args: string[]) =>
      run('redis-cli', ['-c', '-p', String(port), ...args]).then((r) => r.stdout.trim());
    try {
      expect(cluster.nodes.split(',')).toHaveLength(3);
      const info = await cli(cluster.ports[0]!, 'cluster', 'info');
      expect(info).toContain('cluster_state:ok');
      expect(info).toContain('cluster_size:3');
      expect(info).toContain('cluster_slots_assigned:16384');
      // Keys of different slots land on different masters; the client follows the redirections.
      for (const key of ['alpha', 'beta', 'gamma'])
        expect(await cli(cluster.ports[1]!, 'set', key, key)).toBe('OK');
      const counts = await Promise.all(cluster.ports.map((p) => cli(p, 'dbsize')));
      expect(counts.filter((n) => n !== '0').length).toBeGreaterThan(1);
    } finally {
      await cluster.stop();
    }
    await expect(cli(cluster.ports[0]!, 'ping')).rejects.toThrow();
  });
});
