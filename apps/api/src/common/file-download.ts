import { createReadStream } from 'node:fs';
import type { Response } from 'express';

export interface Download {
  /** Absolute path of the file. */
  fullPath: string;
  size: number;
  /** The file name the browser saves it as. */
  name: string;
  type: string;
  sha256?: string | null;
  /** The error code answered (404) when the file is gone. */
  missingCode: string;
}

/** Streams a stored file as an attachment (never cached); a file gone from disk answers 404 with `missingCode`. */
export function sendDownload(res: Response, file: Download): void {
  const stream = createReadStream(file.fullPath);
  stream.on('error', () => {
    if (!res.headersSent) res.status(404).json({ status: 404, desc: file.missingCode, data: null });
    else res.destroy();
  });
  res.setHeader('Content-Type', file.type);
  res.setHeader('Content-Length', String(file.size));
  if (file.sha256) res.setHeader('x-checksum-sha256', file.sha256);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  );
  stream.pipe(res);
}
