import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ZipWriter } from './zip-writer.js';

/** Writes a zip of these entries and returns its bytes and the checksum the writer reported. */
async function zipOf(entries: [string, string][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out);
  for (const [name, text] of entries) await zip.add(name, Buffer.from(text));
  const written = await zip.finish();
  return { bytes: Buffer.concat(chunks), written };
}

describe('ZipWriter', () => {
  const entries: [string, string][] = [
    ['recipes/a/zh.json', '{"name":"汤"}'],
    ['manifest.json', '{"format":"kitchen-offline-pack/1"}'],
  ];

  it('writes the same entries into the same bytes, whenever it runs', async () => {
    const first = await zipOf(entries);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past the zip format's 2-second clock step
    const second = await zipOf(entries);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.written.sha256).toBe(first.written.sha256);
    expect(createHash('sha256').update(first.bytes).digest('hex')).toBe(first.written.sha256);
  });

  it('stamps every entry with the zip epoch, 1980-01-01 00:00, not the clock', async () => {
    const { bytes } = await zipOf(entries);
    // Local header of the first entry: time at offset 10, date at 12 (MS-DOS format).
    expect(bytes.readUInt16LE(10)).toBe(0);
    expect(bytes.readUInt16LE(12)).toBe((0 << 9) | (1 << 5) | 1);
  });
});
