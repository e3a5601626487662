import { fileForm, loggedIn, pngBytes, startTestApi, type Client, type TestApi } from './harness.js';

const png = (size: number) => pngBytes(size, 7);
const uploadForm = fileForm;

describe('files', () => {
  let api: TestApi;
  let demo: Client;
  let other: Client;
  beforeAll(async () => {
    api = await startTestApi();
    demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
  });
  afterAll(async () => {
    await api.stop();
  });

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

  it('does not let another brand download the file', async () => {
    const up = await demo.json('POST', '/api/file/upload', { body: uploadForm(png(512), 'mine.png') });
    const res = await other.json('GET', `/api/file/download?fileCode=${up.data.fileCode}`);
    expect(res).toMatchObject({ status: 404, desc: 'Record does not exist' });
  });
});
