import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ZipWriter, type ZipFinishOptions } from './zip-writer.js';

/** The part of yauzl (v3, no bundled types) these tests read archives with. */
interface ReadZip {
  entryCount: number;
  eachEntry(): AsyncIterable<{ fileName: string }>;
  openReadStreamPromise(entry: { fileName: string }): Promise<Readable>;
}
const yauzl = createRequire(import.meta.url)('yauzl') as {
  fromBufferPromise(bytes: Buffer, options?: { strictFileNames?: boolean }): Promise<ReadZip>;
};

/** Writes a zip of these entries and returns its bytes and the checksum the writer reported. */
async function zipOf(entries: [string, string][], options?: ZipFinishOptions) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out);
  for (const [name, content] of entries) await zip.add(name, Buffer.from(content));
  const written = await zip.finish(options);
  return { bytes: Buffer.concat(chunks), written };
}

/** Every entry of the archive as yauzl reads it back: name and text. */
async function readBack(bytes: Buffer): Promise<[string, string][]> {
  const zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: true });
  const read: [string, string][] = [];
  for await (const entry of zip.eachEntry())
    read.push([entry.fileName, await text(await zip.openReadStreamPromise(entry))]);
  return read;
}

const ZIP64_END_RECORD = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const ZIP64_END_LOCATOR = Buffer.from([0x50, 0x4b, 0x06, 0x07]);

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
    expect(first.written).toMatchObject({ size: first.bytes.length, entries: 2 });
  });

  it('stamps every entry with the zip epoch, 1980-01-01 00:00, not the clock', async () => {
    const { bytes } = await zipOf(entries);
    // Local header of the first entry: time at offset 10, date at 12 (MS-DOS format).
    expect(bytes.readUInt16LE(10)).toBe(0);
    expect(bytes.readUInt16LE(12)).toBe((0 << 9) | (1 << 5) | 1);
  });

  it('writes a plain end record unless asked, and zip64 end records when asked, which yauzl reads back', async () => {
    const plain = await zipOf(entries);
    expect(plain.bytes.includes(ZIP64_END_RECORD)).toBe(false);
    const zip64 = await zipOf(entries, { zip64: true });
    expect(zip64.bytes.includes(ZIP64_END_RECORD)).toBe(true);
    expect(zip64.bytes.includes(ZIP64_END_LOCATOR)).toBe(true);
    expect(await readBack(zip64.bytes)).toEqual(entries);
  });
});
