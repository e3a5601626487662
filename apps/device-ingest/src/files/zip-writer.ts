import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** What `finish` reports: the whole archive's size and SHA-256 (hex), computed over the bytes as written. */
export interface WrittenZip {
  size: number;
  sha256: string;
  entries: number;
}

interface CentralEntry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const UTF8_NAMES = 0x0800;
/** General-purpose flag bit 3: CRC and sizes follow the data in a data descriptor (APPNOTE 4.3.9). */
const DATA_DESCRIPTOR = 0x0008;
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/**
 * The time every entry carries: the zip format's own epoch (1980-01-01 00:00), not the clock. A pack is the same
 * bytes, and so the same SHA-256, whenever its content is built (the reproducible-builds convention); when it was
 * built is the build row's business, not the file's.
 */
export const ZIP_ENTRY_TIME = new Date(Date.UTC(1980, 0, 1));

/** MS-DOS date and time of the entries (the zip format has no time zone; UTC is written). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(at.getUTCFullYear(), 1980);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

/** One entry being written piece by piece (`ZipWriter.open`). */
export interface ZipEntryStream {
  /** Adds bytes (strings as UTF-8); waits while the archive's stream is full, so memory holds about one chunk. */
  write(data: Buffer | string): Promise<void>;
  /** Ends the entry; the writer takes the next one. */
  end(): Promise<void>;
}

/**
 * A plain zip (PKWARE APPNOTE 6.3: local headers, deflate or store, central directory, end record) written
 * straight to a stream, hashing every byte on the way so the checksum needs no second read. Entries are whole
 * buffers (a recipe's JSON, one media file at a time) or streamed (`open`: a spreadsheet's sheet of a million
 * rows); no zip64, so at most 65535 entries and 4 GiB — far above a pack of 2000 recipes. Node's zlib gives deflate and CRC-32, so no library is needed for this much. The same
 * entries added in the same order give the same bytes: entries carry a fixed time (`ZIP_ENTRY_TIME` unless told).
 */
export class ZipWriter {
  private readonly hash = createHash('sha256');
  private readonly entries: CentralEntry[] = [];
  private offset = 0;
  private readonly stamp: { date: number; time: number };
  private streaming = false;

  constructor(
    private readonly out: Writable,
    at: Date = ZIP_ENTRY_TIME,
  ) {
    this.stamp = dosDateTime(at);
  }

  private async write(chunk: Buffer): Promise<void> {
    this.hash.update(chunk);
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  private localHeader(
    nameBytes: Buffer,
    flags: number,
    method: number,
    crc: number,
    compressed: number,
    size: number,
  ) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressed, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    return header;
  }

  private checkEntry(): void {
    if (this.streaming) throw new Error('a streamed entry is still open');
    if (this.entries.length >= MAX_ENTRIES) throw new Error('too many files for one archive');
  }

  /**
   * Opens an entry written piece by piece, deflated as it goes, its CRC and sizes in a data descriptor after the
   * data: no part of it is held whole. Each write waits while the deflater or the archive's stream is full
   * (backpressure from the file down to the producer). One streamed entry at a time; `end` it before the next.
   */
  async open(name: string): Promise<ZipEntryStream> {
    this.checkEntry();
    this.streaming = true;
    const nameBytes = Buffer.from(name, 'utf8');
    const flags = UTF8_NAMES | DATA_DESCRIPTOR;
    const offset = this.offset;
    await this.write(this.localHeader(nameBytes, flags, 8, 0, 0, 0));
    await this.write(nameBytes);
    const deflate = createDeflateRaw();
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        if (this.offset + chunk.length > MAX_OFFSET) throw new Error('archive larger than 4 GiB');
        await this.write(chunk);
      }
    })();
    // A failure is seen by the write or end that waits on it; none is left unobserved meanwhile.
    pump.catch(() => undefined);
    return {
      write: async (data) => {
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        if (size + bytes.length > MAX_OFFSET) throw new Error('entry larger than 4 GiB');
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await Promise.race([once(deflate, 'drain'), pump]);
      },
      end: async () => {
        deflate.end();
        await pump;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(crc >>> 0, 4);
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(size, 12);
        await this.write(descriptor);
        this.entries.push({
          name: nameBytes,
          flags,
          method: 8,
          crc: crc >>> 0,
          compressedSize: compressed,
          size,
          offset,
        });
        this.streaming = false;
      },
    };
  }

  /** Adds one file; deflated unless that does not make it smaller (pictures and videos usually stay stored). */
  async add(name: string, data: Buffer): Promise<void> {
    this.checkEntry();
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const method = stored ? 0 : 8;
    const header = this.localHeader(nameBytes, UTF8_NAMES, method, crc, body.length, data.length);
    const offset = this.offset;
    if (offset + 30 + nameBytes.length + body.length > MAX_OFFSET) throw new Error('pack larger than 4 GiB');
    this.entries.push({
      name: nameBytes,
      flags: UTF8_NAMES,
      method,
      crc,
      compressedSize: body.length,
      size: data.length,
      offset,
    });
    await this.write(header);
    await this.write(nameBytes);
    await this.write(body);
  }

  /** Writes the central directory and the end record, ends the stream and reports size and checksum. */
  async finish(): Promise<WrittenZip> {
    if (this.streaming) throw new Error('a streamed entry is still open');
    const start = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(e.flags, 8);
      record.writeUInt16LE(e.method, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressedSize, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.write(record);
      await this.write(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    const finished = once(this.out, 'finish');
    this.out.end();
    await finished;
    return { size: this.offset, sha256: this.hash.digest('hex'), entries: this.entries.length };
  }
}
