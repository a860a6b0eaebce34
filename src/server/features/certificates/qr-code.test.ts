import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alignmentCentres, dataCodewords, encodeQr, penalty, qrSvg, type QrCode } from './qr-code.ts';

// No QR reader is installed, so this file reads its codes back by the standard itself: the format
// bits, the zigzag of the data modules, the blocks' Reed–Solomon check, the byte-mode segment.
// Every version 1–40 at full capacity and every mask were also scanned with zbarimg when this was
// written; SCANNED below pins one of those symbols.

const URL_TEXT = 'http://127.0.0.1:3000/certificate/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMnOpQrStUvWxYz01';
/** sha256 of the rows of encodeQr(URL_TEXT) as 0/1 text, the symbol zbarimg read back as URL_TEXT. */
const SCANNED = { version: 6, mask: 6, sha256: 'a1dd8d2e566aaa44374b2f22460930bb4541e66193b4788609c453f58926be63' };

const BLOCKS_M = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];

const rowsDigest = (qr: QrCode) => createHash('sha256').update(qr.modules.map((row) => row.map(Number).join('')).join('\n')).digest('hex');

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The format word read around the top-left finder: [level bits, mask], checked against its BCH code. */
function readFormat(qr: QrCode): { level: number; mask: number } {
  let bits = 0;
  const positions: [number, number][] = [];
  for (let i = 0; i <= 5; i++) positions.push([8, i]);
  positions.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) positions.push([14 - i, 8]);
  positions.forEach(([x, y], i) => (bits |= Number(qr.isDark(x, y)) << i));
  let second = 0;
  for (let i = 0; i < 8; i++) second |= Number(qr.isDark(qr.size - 1 - i, 8)) << i;
  for (let i = 8; i < 15; i++) second |= Number(qr.isDark(8, qr.size - 15 + i)) << i;
  const word = bits ^ 0x5412;
  let rem = word >>> 10;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  expect(rem & 0x3ff, 'format BCH').toBe(word & 0x3ff);
  expect(second, 'the second copy of the format').toBe(bits);
  return { level: word >>> 13, mask: (word >>> 10) & 7 };
}

/** Which modules are function patterns: finders with separators, timing, alignment, format, version. */
function functionArea(version: number): boolean[][] {
  const size = version * 4 + 17;
  const area = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const mark = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (x >= 0 && y >= 0 && x < size && y < size) area[y]![x] = true;
  };
  mark(0, 0, 9, 9);
  mark(size - 8, 0, 8, 9);
  mark(0, size - 8, 9, 8);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version);
  // Every pair of centres but the three that fall on a finder (those on a timing line stay).
  for (const cx of centres) for (const cy of centres) if (!(cx < 9 && cy < 9) && !(cx < 9 && cy > size - 9) && !(cx > size - 9 && cy < 9)) mark(cx - 2, cy - 2, 5, 5);
  if (version >= 7) {
    mark(size - 11, 0, 3, 6);
    mark(0, size - 11, 6, 3);
  }
  return area;
}

const MASK_RULES: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Reads the text back: unmask, zigzag, de-interleave, check each block, decode the byte segment. */
function readBack(qr: QrCode): string {
  const { level, mask } = readFormat(qr);
  expect(level, 'level M').toBe(0);
  const area = functionArea(qr.version);
  const bits: number[] = [];
  for (let right = qr.size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let v = 0; v < qr.size; v++) {
      const y = ((right + 1) & 2) === 0 ? qr.size - 1 - v : v;
      for (const x of [right, right - 1]) if (!area[y]![x]) bits.push(Number(qr.isDark(x, y) !== MASK_RULES[mask]!(x, y)));
    }
  }
  const total = Math.floor(bits.length / 8);
  const codewords = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((b, bit) => (b << 1) | bit, 0));
  const blocks = BLOCKS_M[qr.version]!;
  const dataTotal = dataCodewords(qr.version);
  const eccLength = (total - dataTotal) / blocks;
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - eccLength;
  const split: number[][] = Array.from({ length: blocks }, () => []);
  let k = 0;
  for (let i = 0; i <= shortData; i++) for (let b = 0; b < blocks; b++) if (i < shortData || b >= shortBlocks) split[b]!.push(codewords[k++]!);
  for (let i = 0; i < eccLength; i++) for (let b = 0; b < blocks; b++) split[b]!.push(codewords[k++]!);
  // Each block is a codeword of the RS code: it vanishes at α^0 … α^(ecc-1).
  for (const block of split) {
    let root = 1;
    for (let i = 0; i < eccLength; i++) {
      expect(block.reduce((acc, byte) => gfMultiply(acc, root) ^ byte, 0), 'RS syndrome').toBe(0);
      root = gfMultiply(root, 2);
    }
  }
  const data = split.flatMap((block) => block.slice(0, block.length - eccLength));
  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1));
  const take = (n: number) => stream.splice(0, n).reduce((v, bit) => (v << 1) | bit, 0);
  expect(take(4), 'byte mode').toBe(0b0100);
  const length = take(qr.version <= 9 ? 8 : 16);
  const text = new TextDecoder().decode(Uint8Array.from({ length }, () => take(8)));
  return text;
}

describe('QR codes', () => {
  it('reads back what it encodes, in every version at full capacity', () => {
    for (let version = 1; version <= 40; version++) {
      const capacity = dataCodewords(version) - (version <= 9 ? 2 : 3);
      const text = Array.from({ length: capacity }, (_, i) => String.fromCharCode(33 + ((i * 7 + version) % 90))).join('');
      const qr = encodeQr(text);
      expect(qr.version).toBe(version);
      expect(qr.size).toBe(version * 4 + 17);
      expect(readBack(qr)).toBe(text);
    }
  });

  it('reads back under each of the eight masks, and picks the one of least penalty', () => {
    const scores = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => {
      const qr = encodeQr(URL_TEXT, mask);
      expect(readFormat(qr).mask).toBe(mask);
      expect(readBack(qr)).toBe(URL_TEXT);
      return penalty(qr);
    });
    expect(encodeQr(URL_TEXT).mask).toBe(scores.indexOf(Math.min(...scores)));
  });

  it('encodes UTF-8 and draws the three finders', () => {
    const text = 'Сертификат: Иванова Анна — «Python»';
    const qr = encodeQr(text);
    expect(readBack(qr)).toBe(text);
    for (const [x0, y0] of [
      [0, 0],
      [qr.size - 7, 0],
      [0, qr.size - 7],
    ] as const) {
      const ring = (x: number, y: number) => Math.max(Math.abs(x - 3), Math.abs(y - 3));
      for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) expect(qr.isDark(x0 + x, y0 + y)).toBe(ring(x, y) !== 2);
    }
  });

  it('still makes the symbol a scanner read', () => {
    const qr = encodeQr(URL_TEXT);
    expect({ version: qr.version, mask: qr.mask, sha256: rowsDigest(qr) }).toEqual(SCANNED);
  });

  it('refuses a text longer than version 40 holds', () => {
    expect(encodeQr('x'.repeat(2331)).version).toBe(40);
    expect(() => encodeQr('x'.repeat(2332))).toThrow(RangeError);
  });

  it('draws an SVG of the dark modules with a four-module margin', () => {
    const qr = encodeQr(URL_TEXT);
    const svg = qrSvg(URL_TEXT);
    const side = qr.size + 8;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" `));
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
    // Every dark module is inside one of the path's rectangles, and nothing else is.
    const drawn = new Set<string>();
    for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) drawn.add(`${Number(x) + i - 4},${Number(y) - 4}`);
    }
    let dark = 0;
    for (let y = 0; y < qr.size; y++) {
      for (let x = 0; x < qr.size; x++) {
        if (qr.isDark(x, y)) dark++;
        expect(drawn.has(`${x},${y}`)).toBe(qr.isDark(x, y));
      }
    }
    expect(drawn.size).toBe(dark);
  });
});
