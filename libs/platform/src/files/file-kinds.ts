import type { FileTypeResult } from 'file-type';

/** What each upload purpose accepts: detected from the bytes, never from the name. */
export interface FileKind {
  maxBytes: number;
  limitText: string;
  typesText: string;
  /** The content type when the file is acceptable, else null; `type` is what file-type found in its first bytes. */
  accepts(type: FileTypeResult | undefined, bytes: Buffer, fileName: string): string | null;
}

/** Formats that are zip archives underneath: file-type names them by their first entries. */
const ZIP_FORMATS = new Set(['zip', 'apk', 'jar', 'xlsx', 'docx', 'pptx']);
const isZip = (t: FileTypeResult | undefined) => !!t && ZIP_FORMATS.has(t.ext);
/** Text holds no NUL byte; file-type knows binary formats only. */
const isText = (b: Buffer) => !b.subarray(0, 4096).includes(0);

export const FILE_KINDS: Record<string, FileKind> = {
  image: {
    maxBytes: 300 * 1024,
    limitText: '300KB',
    typesText: 'jpg, png',
    accepts: (t) => (t?.mime === 'image/jpeg' || t?.mime === 'image/png' ? t.mime : null),
  },
  video: {
    maxBytes: 20 * 1024 * 1024,
    limitText: '20MB',
    typesText: 'mp4',
    accepts: (t) => (t?.ext === 'mp4' || t?.ext === 'm4v' ? 'video/mp4' : null),
  },
  audio: {
    maxBytes: 5 * 1024 * 1024,
    limitText: '5MB',
    typesText: 'mp3, wav, m4a',
    accepts: (t) =>
      t?.ext === 'mp3'
        ? 'audio/mpeg'
        : t?.ext === 'wav'
          ? 'audio/wav'
          : t?.ext === 'm4a' || t?.ext === 'mp4'
            ? 'audio/mp4'
            : null,
  },
  zip: {
    maxBytes: 50 * 1024 * 1024,
    limitText: '50MB',
    typesText: 'zip',
    accepts: (t) => (isZip(t) ? 'application/zip' : null),
  },
  apk: {
    maxBytes: 60 * 1024 * 1024,
    limitText: '60MB',
    typesText: 'apk',
    accepts: (t, _b, name) =>
      isZip(t) && /\.apk$/i.test(name) ? 'application/vnd.android.package-archive' : null,
  },
  list: {
    maxBytes: 5 * 1024 * 1024,
    limitText: '5MB',
    typesText: 'xlsx, csv',
    accepts: (t, b, name) =>
      isZip(t) && /\.xlsx$/i.test(name)
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : /\.csv$/i.test(name) && isText(b)
          ? 'text/csv'
          : null,
  },
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));
