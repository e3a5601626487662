/** The part of yauzl (v3) the recipe import uses. */
declare module 'yauzl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    compressedSize: number;
    uncompressedSize: number;
  }
  export interface Options {
    lazyEntries?: boolean;
    autoClose?: boolean;
    decodeStrings?: boolean;
    validateEntrySizes?: boolean;
    strictFileNames?: boolean;
  }
  export interface ZipFile extends EventEmitter {
    entryCount: number;
    readEntry(): void;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }
  export function openPromise(path: string, options?: Options): Promise<ZipFile>;
}
