import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bothBrandsForSuite, fileForm, pngBytes, type Client } from './harness.js';

const MB = 1024 * 1024;
const run = promisify(execFile);

/**
 * A multipart upload of `size` bytes made up on the fly (never held in memory), as a slow or huge client sends
 * it; `sent()` tells how many file bytes had been handed to the connection so far.
 */
function streamedUpload(
  client: Client,
  size: number,
  purpose = 'image',
  name = 'huge.png',
  signature = pngBytes(8),
) {
  const boundary = `----kb${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.concat([signature, Buffer.alloc(64 * 1024 - signature.length, 7)]);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      controller.enqueue(new Uint8Array(part));
    },
  });
  const response = fetch(`${client.baseUrl}/api/file/upload`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'kb-admin',
      'x-lang': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  } as RequestInit);
  return { response, sent: () => sent };
}

const png = (size: number) => pngBytes(size, 7);
const uploadForm = fileForm;

describe('files', () => {
  const { api, demo, other } = bothBrandsForSuite();

  it('stores an image and streams it back with its content type', async () => {
    const bytes = png(2048);
    const up = await demo.json('POST', '/api/file/upload', { body: uploadForm(bytes, '封面.png') });
    expect(up.status).toBe(200);
    expect(up.data).toMatchObject({ name: '封面.png', size: 2048, mime: 'image/png' });
    const down = await demo.request('GET', `/api/file/download?fileCode=${up.data.fileCode}`);
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a 400 KB image with 413', async () => {
    const res = await demo.json('POST', '/api/file/upload', { body: uploadForm(png(400 * 1024), 'big.png') });
    expect(res).toMatchObject({ http: 413, status: 413, desc: 'The file must not exceed 300KB' });
  });

  it('refuses an oversize image with 413 while it is still arriving, and keeps no partial file', async () => {
    const upload = streamedUpload(demo, 40 * MB);
    const res = await upload.response;
    const sentWhenAnswered = upload.sent();
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, desc: 'The file must not exceed 300KB' });
    expect(sentWhenAnswered).toBeLessThan(20 * MB);
    const staging = path.join(api.config.FILES_DIR, '.incoming');
    expect(await readdir(staging)).toEqual([]);
  });

  /**
   * Eight uploads at once of one file from disk, sent by another process (so that only the API's memory is in
   * this one); answers their statuses and the peak RSS this process added meanwhile.
   */
  async function eightUploadsAtOnce(file: string, purpose: string, name: string) {
    const client = `
      const [url, cookie, file, purpose, name] = process.argv.slice(1);
      const blob = await (await import('node:fs')).openAsBlob(file);
      const statuses = await Promise.all(Array.from({ length: 8 }, async () => {
        const form = new FormData();
        form.set('purpose', purpose);
        form.set('file', blob, name);
        const res = await fetch(url, { method: 'POST', body: form, headers: { 'x-requested-with': 'kb-admin', cookie } });
        return (await res.json()).status;
      }));
      console.log(JSON.stringify(statuses));`;
    const cookie = [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const { stdout } = await run(process.execPath, [
        '--input-type=module',
        '-e',
        client,
        `${api.baseUrl}/api/file/upload`,
        cookie,
        file,
        purpose,
        name,
      ]);
      return {
        statuses: JSON.parse(stdout) as number[],
        beforeMb: before / MB,
        addedMb: (peak - before) / MB,
      };
    } finally {
      clearInterval(sampler);
    }
  }

  it('holds the API’s memory flat under eight concurrent large uploads, refused or stored (prints the figures)', async () => {
    const big = path.join(await mkdtemp(path.join(tmpdir(), 'kb-big-')), 'big.bin');
    try {
      await writeFile(
        big,
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(59 * MB - 4, 7)]),
      );
      const refused = await eightUploadsAtOnce(big, 'image', 'huge.png');
      expect(refused.statuses).toEqual(Array(8).fill(413));
      await truncate(big, 45 * MB);
      const stored = await eightUploadsAtOnce(big, 'zip', 'recipes.zip');
      expect(stored.statuses).toEqual(Array(8).fill(200));
      console.log(
        `API RSS added under 8 concurrent uploads: 59 MB "images" (refused) +${refused.addedMb.toFixed(1)} MB ` +
          `from ${refused.beforeMb.toFixed(0)} MB; 45 MB zips (stored) +${stored.addedMb.toFixed(1)} MB`,
      );
      // Buffered in memory, the refused ones alone added several hundred MB.
      expect(refused.addedMb).toBeLessThan(150);
      expect(stored.addedMb).toBeLessThan(150);
    } finally {
      await rm(path.dirname(big), { recursive: true, force: true });
    }
  });

  it('streams an upload within its purpose’s limit to disk intact', async () => {
    const upload = streamedUpload(demo, 3 * MB, 'list', 'devices.csv');
    const res = await upload.response;
    const body = (await res.json()) as { status: number; data: { fileCode: string; size: number } };
    expect(body).toMatchObject({ status: 200, data: { size: 3 * MB } });
    const down = await demo.request('GET', `/api/file/download?fileCode=${body.data.fileCode}`);
    expect((await down.arrayBuffer()).byteLength).toBe(3 * MB);
  });

  it('judges a file sent before its purpose by that purpose once all has arrived', async () => {
    const fileFirst = (bytes: Buffer, name: string, purpose: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      form.set('purpose', purpose);
      return form;
    };
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(400 * 1024)]);
    const accepted = await demo.json('POST', '/api/file/upload', { body: fileFirst(zip, 'big.zip', 'zip') });
    expect(accepted.data).toMatchObject({ mime: 'application/zip', size: zip.length });
    const refused = await demo.json('POST', '/api/file/upload', {
      body: fileFirst(png(400 * 1024), 'big.png', 'image'),
    });
    expect(refused).toMatchObject({ status: 413, desc: 'The file must not exceed 300KB' });
  });

  it('refuses a text file named .png with 415, judging by its bytes', async () => {
    const res = await demo.json('POST', '/api/file/upload', {
      body: uploadForm(Buffer.from('just some text'), 'fake.png'),
    });
    expect(res).toMatchObject({ http: 415, status: 415, desc: 'File format error: only jpg, png allowed' });
  });

  it('accepts a jpg and refuses an empty file name, a missing file and an unknown purpose', async () => {
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect((await demo.json('POST', '/api/file/upload', { body: uploadForm(jpg, 'a.jpg') })).data.mime).toBe(
      'image/jpeg',
    );
    const noFile = new FormData();
    noFile.set('purpose', 'image');
    expect(await demo.json('POST', '/api/file/upload', { body: noFile })).toMatchObject({
      status: 400,
      desc: 'Please choose a file',
    });
    expect(
      (await demo.json('POST', '/api/file/upload', { body: uploadForm(jpg, 'a.jpg', 'weird') })).desc,
    ).toBe('Unknown file purpose');
  });

  it('takes zip files for the zip purpose with their own limit', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    const res = await demo.json('POST', '/api/file/upload', { body: uploadForm(zip, 'recipes.zip', 'zip') });
    expect(res.data.mime).toBe('application/zip');
    const notZip = await demo.json('POST', '/api/file/upload', {
      body: uploadForm(png(100), 'recipes.zip', 'zip'),
    });
    expect(notZip.status).toBe(415);
  });

  it('serves uploads with nosniff: images inline, everything else as an attachment', async () => {
    const image = await demo.json('POST', '/api/file/upload', { body: uploadForm(png(256), 'photo.png') });
    const shown = await demo.request('GET', `/api/file/download?fileCode=${image.data.fileCode}`);
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename\*=UTF-8''photo\.png$/);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    const archive = await demo.json('POST', '/api/file/upload', { body: uploadForm(zip, '菜谱.zip', 'zip') });
    const saved = await demo.request('GET', `/api/file/download?fileCode=${archive.data.fileCode}`);
    expect(saved.headers.get('x-content-type-options')).toBe('nosniff');
    expect(saved.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('菜谱.zip')}`,
    );
    expect(saved.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('does not let another brand download the file', async () => {
    const up = await demo.json('POST', '/api/file/upload', { body: uploadForm(png(512), 'mine.png') });
    const res = await other.json('GET', `/api/file/download?fileCode=${up.data.fileCode}`);
    expect(res).toMatchObject({ status: 404, desc: 'Record does not exist' });
  });
});
