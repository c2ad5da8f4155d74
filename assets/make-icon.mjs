// Draws assets/icon.png (512x512 RGBA) from the same shapes as assets/icon.svg:
// a dark rounded square with four rising bars, the last one in the accent
// colour (throughput climbing, a tail latency standing out).
// Run: node assets/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
/** Samples per pixel side: 4x4 supersampling gives smooth edges. */
const SUPERSAMPLE = 4;

const BACKGROUND = { x: 0, y: 0, w: 512, h: 512, r: 104, color: [17, 24, 39] };
const BAR = { width: 56, gap: 28, bottom: 400, radius: 14 };
const BAR_HEIGHTS = [96, 160, 224, 288];
const BAR_COLOR = [34, 211, 238];
const ACCENT_COLOR = [245, 158, 11];

const barsLeft = (SIZE - (BAR_HEIGHTS.length * BAR.width + (BAR_HEIGHTS.length - 1) * BAR.gap)) / 2;
const shapes = [
  BACKGROUND,
  ...BAR_HEIGHTS.map((h, i) => ({
    x: barsLeft + i * (BAR.width + BAR.gap),
    y: BAR.bottom - h,
    w: BAR.width,
    h,
    r: BAR.radius,
    color: i === BAR_HEIGHTS.length - 1 ? ACCENT_COLOR : BAR_COLOR,
  })),
];

/** True when (px, py) lies inside the rounded rectangle. */
function inside(s, px, py) {
  const cx = Math.min(Math.max(px, s.x + s.r), s.x + s.w - s.r);
  const cy = Math.min(Math.max(py, s.y + s.r), s.y + s.h - s.r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= s.r ** 2 && px >= s.x && px <= s.x + s.w && py >= s.y && py <= s.y + s.h;
}

const rgba = Buffer.alloc(SIZE * SIZE * 4);
const n = SUPERSAMPLE * SUPERSAMPLE;
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SUPERSAMPLE; sy++) {
      for (let sx = 0; sx < SUPERSAMPLE; sx++) {
        const px = x + (sx + 0.5) / SUPERSAMPLE;
        const py = y + (sy + 0.5) / SUPERSAMPLE;
        // The topmost shape covering the sample wins (painter's order).
        let hit;
        for (const s of shapes) if (inside(s, px, py)) hit = s;
        if (hit) {
          r += hit.color[0];
          g += hit.color[1];
          b += hit.color[2];
          a += 1;
        }
      }
    }
    const o = (y * SIZE + x) * 4;
    // Colour averaged over covered samples (straight alpha), coverage as alpha.
    rgba[o] = a ? Math.round(r / a) : 0;
    rgba[o + 1] = a ? Math.round(g / a) : 0;
    rgba[o + 2] = a ? Math.round(b / a) : 0;
    rgba[o + 3] = Math.round((255 * a) / n);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bits per channel
ihdr[9] = 6; // RGBA
// Each scanline starts with filter type 0 (none).
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) rgba.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`assets/icon.png: ${SIZE}x${SIZE}, ${png.length} bytes`);
