import { inflateRawSync } from 'node:zlib';

/** One file of a zip, read by walking its local headers (stored or deflated entries, as our zips are written). */
export function zipEntry(zip: Buffer, name: string): Buffer | null {
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + size);
    if (zip.toString('utf8', at + 30, at + 30 + nameLength) === name)
      return method === 8 ? inflateRawSync(data) : data;
    at = start + size;
  }
  return null;
}
