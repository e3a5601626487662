import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import yazl from 'yazl';

const deflated = promisify(deflateRaw);

/** What each of our own pipes holds before it makes the producer wait (yazl's inner pipes hold their defaults). */
const PIPE_BYTES = 16 * 1024;

/** What `finish` reports: the whole archive's size and SHA-256 (hex), computed over the bytes as written. */
export interface WrittenZip {
  size: number;
  sha256: string;
  entries: number;
}

/** How `finish` closes the archive. */
export interface ZipFinishOptions {
  /** Writes the zip64 end records even when the archive does not need them (yazl adds them by itself past 65,535 entries or 4 GiB). */
  zip64?: boolean;
}

/**
 * The time every entry carries: the zip format's own epoch (1980-01-01 00:00), not the clock. A pack is the same
 * bytes, and so the same SHA-256, whenever its content is built (the reproducible-builds convention); when it was
 * built is the build row's business, not the file's.
 */
export const ZIP_ENTRY_TIME = new Date(Date.UTC(1980, 0, 1));

/**
 * The same wall-clock fields in the process's time zone: yazl encodes MS-DOS times from local fields, and the zip
 * format has no time zone, so UTC is what we write whatever zone the server runs in.
 */
const dosFieldsOf = (at: Date) =>
  new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  );

/** One entry being written piece by piece (`ZipWriter.open`). */
export interface ZipEntryStream {
  /** Adds bytes (strings as UTF-8); waits while the archive's stream is full, so memory holds about one chunk. */
  write(data: Buffer | string): Promise<void>;
  /** Ends the entry; the writer takes the next one. */
  end(): Promise<void>;
}

/**
 * A zip written by yazl straight to a stream, hashing every byte on the way so the checksum needs no second read.
 * Entries are whole buffers (a recipe's JSON, one media file at a time) or streamed (`open`: a spreadsheet's sheet
 * of a million rows); every entry is piped into the archive, so a slow file holds the producer back and memory
 * holds about one chunk, not the archive. Past 65,535 entries or 4 GiB yazl writes zip64 records. The same entries
 * added in the same order give the same bytes: entries carry a fixed time (`ZIP_ENTRY_TIME` unless told) and only
 * the MS-DOS timestamp, no extra field with the clock.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly hash = createHash('sha256');
  private size = 0;
  private count = 0;
  private readonly mtime: Date;
  /** The entry still being read into the archive; the next waits for it. */
  private current: Promise<void> = Promise.resolve();
  private streaming = false;
  private readonly written: Promise<void>;

  constructor(out: Writable, at: Date = ZIP_ENTRY_TIME) {
    this.mtime = dosFieldsOf(at);
    const counter = new Transform({
      highWaterMark: PIPE_BYTES,
      transform: (chunk: Buffer, _encoding, done) => {
        this.hash.update(chunk);
        this.size += chunk.length;
        done(null, chunk);
      },
    });
    const output = this.zip.outputStream as PassThrough;
    // yazl reports a failed entry on the zip file, not on its stream: end the pipeline with it.
    this.zip.on('error', (error: Error) => output.destroy(error));
    this.written = pipeline(output, counter, out);
    // A failure is seen by the write, add or finish that waits on it; none is left unobserved meanwhile.
    this.written.catch(() => undefined);
  }

  private checkEntry(): void {
    if (this.streaming) throw new Error('a streamed entry is still open');
  }

  /** Queues `source` as the next entry and answers when yazl has read it all (or the archive failed). */
  private entry(
    name: string,
    source: PassThrough,
    options: { compress: boolean; size?: number },
  ): Promise<void> {
    this.zip.addReadStreamLazy(name, { ...options, mtime: this.mtime, forceDosTimestamp: true }, (give) =>
      give(null, source),
    );
    this.count += 1;
    const read = Promise.race([once(source, 'end').then(() => undefined), this.written]);
    this.current = read;
    return read;
  }

  /**
   * Opens an entry written piece by piece, deflated as it goes, its CRC and sizes in a data descriptor after the
   * data: no part of it is held whole. Each write waits while the entry's pipe is full (backpressure from the file
   * down to the producer). One streamed entry at a time; `end` it before the next.
   */
  async open(name: string): Promise<ZipEntryStream> {
    this.checkEntry();
    await this.current;
    this.streaming = true;
    const source = new PassThrough({ highWaterMark: PIPE_BYTES });
    const read = this.entry(name, source, { compress: true });
    return {
      write: async (data) => {
        if (!source.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data))
          await Promise.race([once(source, 'drain'), this.written]);
      },
      end: async () => {
        source.end();
        await read;
        this.streaming = false;
      },
    };
  }

  /** Adds one file; deflated unless that does not make it smaller (pictures and videos usually stay stored). */
  async add(name: string, data: Buffer): Promise<void> {
    this.checkEntry();
    await this.current;
    const compress = (await deflated(data)).length < data.length;
    await this.entry(name, new PassThrough().end(data), { compress, size: data.length });
  }

  /** Writes the central directory and the end record, ends the stream and reports size and checksum. */
  async finish(options: ZipFinishOptions = {}): Promise<WrittenZip> {
    this.checkEntry();
    await this.current;
    this.zip.end({ forceZip64Format: options.zip64 ?? false, comment: '' });
    await this.written;
    return { size: this.size, sha256: this.hash.digest('hex'), entries: this.count };
  }
}
