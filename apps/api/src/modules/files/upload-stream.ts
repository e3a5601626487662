import busboy from 'busboy';
import type { Request } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../common/app-error.js';

/** Enough of the start of a file to judge its type by its bytes. */
const HEAD_BYTES = 4096;

export interface StagedFile {
  /** Where the bytes were written; the caller moves or removes it. */
  path: string;
  name: string;
  size: number;
  head: Buffer;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: StagedFile | null;
}

/** The size limit of the file part, decided from the fields received before it (or a 4xx to answer). */
export type LimitOfFile = (fieldsSoFar: Record<string, string>) => { maxBytes: number; tooLarge: AppError };

/** Counts, hashes and keeps the head of the bytes going by; fails as soon as there are more than allowed. */
class Metered extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  private headParts: Buffer[] = [];
  private headSize = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: AppError,
  ) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.headParts);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(this.tooLarge);
    this.hash.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headParts.push(Buffer.from(part));
      this.headSize += part.length;
    }
    done(null, chunk);
  }
}

/**
 * Reads a multipart upload (one part named `file`, plus short fields) straight to a file in `stagingDir`, so a
 * large upload never sits in memory. The size limit is enforced while reading: past it, the partial file is
 * removed and the promise fails at once (the rest of the body is read and dropped, so the client still gets the
 * answer).
 */
export function receiveUpload(
  req: Request,
  stagingDir: string,
  limitOf: LimitOfFile,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 20, fieldSize: 4096, parts: 30 },
      });
    } catch {
      // Not multipart at all: nothing was uploaded.
      resolve({ fields: {}, file: null });
      req.resume();
      return;
    }
    const fields: Record<string, string> = {};
    let staged: Promise<StagedFile | null> = Promise.resolve(null);
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      void staged.then(
        (file) => file && rm(file.path, { force: true }),
        () => undefined,
      );
      reject(error instanceof AppError ? error : new AppError(400, 'bad_request'));
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || settled) {
        stream.resume();
        return;
      }
      let limit: ReturnType<LimitOfFile>;
      try {
        limit = limitOf({ ...fields });
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      const target = path.join(stagingDir, `${randomUUID()}.part`);
      const meter = new Metered(limit.maxBytes, limit.tooLarge);
      staged = pipeline(stream, meter, createWriteStream(target)).then(
        () => ({
          path: target,
          name: (info.filename ?? '').trim(),
          size: meter.size,
          head: meter.head,
          sha256: meter.hash.digest('hex'),
        }),
        async (error: unknown) => {
          await rm(target, { force: true });
          stream.resume();
          fail(error);
          return null;
        },
      );
    });
    parser.on('error', fail);
    parser.on('close', () => {
      void staged.then((file) => {
        if (settled) {
          if (file) void rm(file.path, { force: true });
          return;
        }
        settled = true;
        resolve({ fields, file });
      });
    });
    req.on('error', fail);
    req.pipe(parser);
  });
}
