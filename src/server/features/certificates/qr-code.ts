/**
 * A QR code (ISO/IEC 18004) of a text, as SVG: the certificate's verification code. No QR library
 * is installed, and one link a certificate needs only a small part of the standard: byte mode,
 * error correction level M (15 % of the code may be damaged: a printed, stamped sheet), versions
 * 1–40 chosen by length, the eight masks scored by the standard's four penalty rules.
 */

// Per version (index 0 unused), level M: error correction codewords per block, and blocks.
const ECC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M's two format bits (L 01, M 00, Q 11, H 10). */
const LEVEL_M_BITS = 0b00;

export class QrCode {
  readonly size: number;
  /** modules[y][x]: true is dark. */
  readonly modules: boolean[][];
  private readonly reserved: boolean[][];

  constructor(
    readonly version: number,
    readonly mask: number,
    codewords: readonly number[],
  ) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () => Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => Array<boolean>(this.size).fill(false));
    this.drawFunctionPatterns();
    this.placeCodewords(codewords);
    this.applyMask(mask);
    this.drawFormatBits(mask);
  }

  isDark(x: number, y: number): boolean {
    return this.modules[y]![x]!;
  }

  private setFunction(x: number, y: number, dark: boolean): void {
    this.modules[y]![x] = dark;
    this.reserved[y]![x] = true;
  }

  private drawFunctionPatterns(): void {
    const size = this.size;
    for (let i = 0; i < size; i++) {
      this.setFunction(6, i, i % 2 === 0);
      this.setFunction(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const) {
      // The finder, its light separator around it (distance 4), inside the symbol only.
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || xx >= size || yy < 0 || yy >= size) continue;
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          this.setFunction(xx, yy, distance !== 2 && distance !== 4);
        }
      }
    }
    const centres = alignmentCentres(this.version);
    const last = centres.length - 1;
    for (let i = 0; i <= last; i++) {
      for (let j = 0; j <= last; j++) {
        // Not over the three finders.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) this.setFunction(centres[i]! + dx, centres[j]! + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
    // Reserve the format areas now (drawn after masking) and draw the version blocks.
    this.drawFormatBits(0);
    if (this.version >= 7) {
      let rem = this.version;
      for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (this.version << 12) | rem;
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) !== 0;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.setFunction(a, b, dark);
        this.setFunction(b, a, dark);
      }
    }
  }

  private drawFormatBits(mask: number): void {
    const data = (LEVEL_M_BITS << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) !== 0;
    const size = this.size;
    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(i));
    this.setFunction(8, 7, bit(6));
    this.setFunction(8, 8, bit(7));
    this.setFunction(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.setFunction(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.setFunction(8, size - 15 + i, bit(i));
    // The dark module, always there.
    this.setFunction(8, size - 8, true);
  }

  /** Two-column zigzag from the bottom right, skipping the vertical timing column. */
  private placeCodewords(codewords: readonly number[]): void {
    const size = this.size;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let vertical = 0; vertical < size; vertical++) {
        const y = upward ? size - 1 - vertical : vertical;
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          if (this.reserved[y]![x]) continue;
          // The remainder bits past the last codeword stay light.
          if (i < codewords.length * 8) this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) !== 0;
          i++;
        }
      }
    }
  }

  /** XORs the mask over the data area; applying it twice undoes it. */
  applyMask(mask: number): void {
    const rule = MASKS[mask]!;
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (!this.reserved[y]![x] && rule(x, y)) this.modules[y]![x] = !this.modules[y]![x];
      }
    }
  }
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Centres of the alignment patterns along each axis (the standard's table, as its formula). */
export function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let position = version * 4 + 10; centres.length < count; position -= step) centres.splice(1, 0, position);
  return centres;
}

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2;
    modules -= (25 * count - 10) * count - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

/** Data codewords a version holds at level M. */
export function dataCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[version]! * BLOCKS[version]!;
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed–Solomon generator of this degree, leading 1 left out, highest power first. */
function generator(degree: number): number[] {
  const result = Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function eccOf(data: readonly number[], divisor: readonly number[]): number[] {
  const result = Array<number>(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    for (let i = 0; i < divisor.length; i++) result[i]! ^= multiply(divisor[i]!, factor);
  }
  return result;
}

/** Byte mode: the mode, the length, the bytes, the terminator, then the standard's padding. */
function dataBits(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  const capacity = dataCodewords(version) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < capacity / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits the data into the version's blocks, adds each block's correction, and interleaves them. */
function withErrorCorrection(data: readonly number[], version: number): number[] {
  const blockCount = BLOCKS[version]!;
  const eccLength = ECC_PER_BLOCK[version]!;
  const total = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (total % blockCount);
  const shortLength = Math.floor(total / blockCount);
  const divisor = generator(eccLength);
  const blocks: { data: number[]; ecc: number[] }[] = [];
  for (let i = 0, k = 0; i < blockCount; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1);
    const slice = data.slice(k, k + length);
    k += length;
    blocks.push({ data: slice, ecc: eccOf(slice, divisor) });
  }
  const result: number[] = [];
  for (let i = 0; i <= shortLength - eccLength; i++) {
    for (const block of blocks) if (i < block.data.length) result.push(block.data[i]!);
  }
  for (let i = 0; i < eccLength; i++) for (const block of blocks) result.push(block.ecc[i]!);
  return result;
}

/** The standard's penalty of a masked symbol: runs, 2×2 boxes, finder-like patterns, dark balance. */
export function penalty(qr: QrCode): number {
  const size = qr.size;
  let score = 0;
  const line = (index: number, vertical: boolean) => Array.from({ length: size }, (_, i) => (vertical ? qr.isDark(index, i) : qr.isDark(i, index)));
  const finderLike = [true, false, true, true, true, false, true];
  for (let index = 0; index < size; index++) {
    for (const vertical of [false, true]) {
      const cells = line(index, vertical);
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && cells[i] === cells[i - 1]) {
          run++;
          continue;
        }
        if (run >= 5) score += 3 + run - 5;
        run = 1;
      }
      // 1:1:3:1:1 with four light modules on either side (outside the symbol counts as light).
      const light = (i: number) => i < 0 || i >= size || !cells[i];
      for (let i = 0; i + 7 <= size; i++) {
        if (!finderLike.every((dark, k) => cells[i + k] === dark)) continue;
        const before = [1, 2, 3, 4].every((k) => light(i - k));
        const after = [0, 1, 2, 3].every((k) => light(i + 7 + k));
        if (before || after) score += 40;
      }
    }
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const dark = qr.isDark(x, y);
      if (qr.isDark(x + 1, y) === dark && qr.isDark(x, y + 1) === dark && qr.isDark(x + 1, y + 1) === dark) score += 3;
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (qr.isDark(x, y)) dark++;
  const total = size * size;
  score += Math.max(0, Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
  return score;
}

/** The smallest version that holds the text, with the mask of least penalty (or the one given). */
export function encodeQr(text: string, forcedMask?: number): QrCode {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  const fits = (v: number) => 4 + (v <= 9 ? 8 : 16) + bytes.length * 8 <= dataCodewords(v) * 8;
  while (version <= 40 && !fits(version)) version++;
  if (version > 40) throw new RangeError('The text is too long for a QR code');
  const codewords = withErrorCorrection(dataBits(bytes, version), version);
  let best: QrCode | null = null;
  let bestScore = Infinity;
  if (forcedMask !== undefined) return new QrCode(version, forcedMask, codewords);
  for (let mask = 0; mask < 8; mask++) {
    const qr = new QrCode(version, mask, codewords);
    const score = penalty(qr);
    if (score < bestScore) [best, bestScore] = [qr, score];
  }
  return best!;
}

/**
 * The code as a standalone SVG: one path of the dark modules (a row's run as one rectangle), a
 * four-module light margin as the standard asks, crisp edges at any scale.
 */
export function qrSvg(text: string): string {
  const qr = encodeQr(text);
  const margin = 4;
  const side = qr.size + margin * 2;
  let path = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.isDark(x, y)) continue;
      let run = 1;
      while (x + run < qr.size && qr.isDark(x + run, y)) run++;
      path += `M${x + margin} ${y + margin}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 4}" height="${side * 4}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
