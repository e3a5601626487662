import { createCanvas } from '@napi-rs/canvas';
import { randomInt } from 'node:crypto';

/**
 * Draws the captcha with strokes (a seven-segment alphabet bent by noise), so it needs no system fonts:
 * a fresh server without any font package still shows readable digits.
 */
const SEGMENTS: Record<string, string> = {
  // segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

export const CAPTCHA_ALPHABET = Object.keys(SEGMENTS).join('');

export function randomCaptchaCode(length = 4): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

export function drawCaptcha(code: string, width = 120, height = 40): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f6fb';
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 6; i++) {
    ctx.strokeStyle = `hsl(${randomInt(360)}, 40%, 75%)`;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(randomInt(width), randomInt(height));
    ctx.lineTo(randomInt(width), randomInt(height));
    ctx.stroke();
  }
  const cell = width / code.length;
  const w = cell * 0.5;
  const h = height * 0.62;
  [...code].forEach((ch, i) => {
    const x0 = i * cell + (cell - w) / 2 + randomInt(-2, 3);
    const y0 = (height - h) / 2 + randomInt(-2, 3);
    const mid = y0 + h / 2;
    const points: Record<string, [number, number, number, number]> = {
      a: [x0, y0, x0 + w, y0],
      b: [x0 + w, y0, x0 + w, mid],
      c: [x0 + w, mid, x0 + w, y0 + h],
      d: [x0, y0 + h, x0 + w, y0 + h],
      e: [x0, mid, x0, y0 + h],
      f: [x0, y0, x0, mid],
      g: [x0, mid, x0 + w, mid],
    };
    ctx.strokeStyle = `hsl(${randomInt(200, 260)}, 60%, ${randomInt(25, 40)}%)`;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    for (const s of SEGMENTS[ch] ?? '') {
      const [x1, y1, x2, y2] = points[s]!;
      ctx.beginPath();
      ctx.moveTo(x1 + randomInt(-1, 2), y1 + randomInt(-1, 2));
      ctx.lineTo(x2 + randomInt(-1, 2), y2 + randomInt(-1, 2));
      ctx.stroke();
    }
  });
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `hsl(${randomInt(360)}, 50%, 60%)`;
    ctx.fillRect(randomInt(width), randomInt(height), 1.5, 1.5);
  }
  return canvas.toBuffer('image/png');
}
