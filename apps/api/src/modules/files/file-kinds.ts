/** What each upload purpose accepts: detected from the bytes, never from the name. */
export interface FileKind {
  maxBytes: number;
  limitText: string;
  typesText: string;
  /** Returns the content type when the bytes are acceptable, else null. */
  detect(bytes: Buffer, fileName: string): string | null;
}

const startsWith = (b: Buffer, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);
const isJpeg = (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]);
const isPng = (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isZip = (b: Buffer) =>
  startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
const isMp4 = (b: Buffer) => b.length > 12 && b.toString('latin1', 4, 8) === 'ftyp';
const isMp3 = (b: Buffer) =>
  b.toString('latin1', 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
const isWav = (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE';
const isText = (b: Buffer) => !b.subarray(0, 4096).includes(0);

export const FILE_KINDS: Record<string, FileKind> = {
  image: {
    maxBytes: 300 * 1024,
    limitText: '300KB',
    typesText: 'jpg, png',
    detect: (b) => (isJpeg(b) ? 'image/jpeg' : isPng(b) ? 'image/png' : null),
  },
  video: {
    maxBytes: 20 * 1024 * 1024,
    limitText: '20MB',
    typesText: 'mp4',
    detect: (b) => (isMp4(b) ? 'video/mp4' : null),
  },
  audio: {
    maxBytes: 5 * 1024 * 1024,
    limitText: '5MB',
    typesText: 'mp3, wav, m4a',
    detect: (b) => (isMp3(b) ? 'audio/mpeg' : isWav(b) ? 'audio/wav' : isMp4(b) ? 'audio/mp4' : null),
  },
  zip: {
    maxBytes: 50 * 1024 * 1024,
    limitText: '50MB',
    typesText: 'zip',
    detect: (b) => (isZip(b) ? 'application/zip' : null),
  },
  apk: {
    maxBytes: 60 * 1024 * 1024,
    limitText: '60MB',
    typesText: 'apk',
    detect: (b, name) =>
      isZip(b) && /\.apk$/i.test(name) ? 'application/vnd.android.package-archive' : null,
  },
  list: {
    maxBytes: 5 * 1024 * 1024,
    limitText: '5MB',
    typesText: 'xlsx, csv',
    detect: (b, name) =>
      isZip(b) && /\.xlsx$/i.test(name)
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : /\.csv$/i.test(name) && isText(b)
          ? 'text/csv'
          : null,
  },
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));
