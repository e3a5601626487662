// The parts of busboy 1.x (the multipart parser under multer) that the upload stream uses; it ships no types.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  export interface BusboyLimits {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
    headerPairs?: number;
  }

  export interface FileInfo {
    filename: string | undefined;
    encoding: string;
    mimeType: string;
  }

  export interface Busboy extends Writable {
    on(event: 'file', listener: (name: string, stream: Readable, info: FileInfo) => void): this;
    on(event: 'field', listener: (name: string, value: string) => void): this;
    on(event: 'close' | 'filesLimit' | 'fieldsLimit' | 'partsLimit', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  export default function busboy(config: {
    headers: IncomingHttpHeaders;
    limits?: BusboyLimits;
    defParamCharset?: string;
  }): Busboy;
}
