import { describe, expect, it } from '@jest/globals';
import {
  BANNER_IMAGE_MAX_COUNT,
  checkImages,
  IMAGE_DEFAULT_MAX_COUNT,
  IMAGE_MAX_BYTES,
} from './image-rules.js';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });
const problems = (r: ReturnType<typeof checkImages>) => r.rejected.map((x) => `${x.file.name}:${x.problem}`);

describe('image upload rules', () => {
  it('accept jpg and png up to 300 KB', () => {
    const r = checkImages(
      [file('a.png'), file('b.jpg', IMAGE_MAX_BYTES, 'image/jpeg'), file('c.JPEG', 10, 'image/jpeg')],
      0,
      IMAGE_DEFAULT_MAX_COUNT,
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg', 'c.JPEG']);
    expect(r.rejected).toEqual([]);
  });

  it('refuse other types, by MIME type and by extension', () => {
    const r = checkImages(
      [file('a.gif', 10, 'image/gif'), file('b.png.exe', 10, 'image/png'), file('c.png', 10, '')],
      0,
      5,
    );
    expect(problems(r)).toEqual(['a.gif:type', 'b.png.exe:type', 'c.png:type']);
  });

  it('refuse a file one byte over 300 KB and a file without a name', () => {
    const r = checkImages([file('big.png', IMAGE_MAX_BYTES + 1), file('   ')], 0, 5);
    expect(problems(r)).toEqual(['big.png:size', '   :name']);
  });

  it('refuse images beyond the field limit: 5 in places, 1 for banners', () => {
    const six = ['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.png`));
    expect(problems(checkImages(six, 0, IMAGE_DEFAULT_MAX_COUNT))).toEqual(['6.png:count']);
    expect(problems(checkImages(six.slice(0, 2), 4, IMAGE_DEFAULT_MAX_COUNT))).toEqual(['2.png:count']);
    expect(problems(checkImages(six.slice(0, 2), 0, BANNER_IMAGE_MAX_COUNT))).toEqual(['2.png:count']);
    expect(problems(checkImages([file('x.png')], 1, BANNER_IMAGE_MAX_COUNT))).toEqual(['x.png:count']);
  });

  it('does not let a refused file take a place', () => {
    const r = checkImages([file('bad.gif', 10, 'image/gif'), file('good.png')], 0, 1);
    expect(r.accepted.map((f) => f.name)).toEqual(['good.png']);
  });
});
