import { open } from 'node:fs/promises';
import { imageType } from './avatars.ts';

/**
 * What a file is, by its content (the client's file name and type are never trusted): the first
 * bytes for most types; for a ZIP, the names in its central directory tell Word, Excel and
 * PowerPoint files from plain archives.
 */
export const FILE_TYPES = {
  png: { mime: 'image/png', media: 'picture' },
  jpg: { mime: 'image/jpeg', media: 'picture' },
  webp: { mime: 'image/webp', media: 'picture' },
  gif: { mime: 'image/gif', media: 'picture' },
  mp3: { mime: 'audio/mpeg', media: 'audio' },
  ogg: { mime: 'audio/ogg', media: 'audio' },
  wav: { mime: 'audio/wav', media: 'audio' },
  m4a: { mime: 'audio/mp4', media: 'audio' },
  pdf: { mime: 'application/pdf', media: 'text' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', media: 'text' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', media: 'text' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', media: 'text' },
  zip: { mime: 'application/zip', media: 'text' },
  txt: { mime: 'text/plain; charset=utf-8', media: 'text' },
  mp4: { mime: 'video/mp4', media: 'video' },
  mov: { mime: 'video/quicktime', media: 'video' },
  webm: { mime: 'video/webm', media: 'video' },
  mkv: { mime: 'video/x-matroska', media: 'video' },
} as const;
export type FileExt = keyof typeof FILE_TYPES;
export type Media = (typeof FILE_TYPES)[FileExt]['media'];

/** How many leading bytes the sniffers read. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Buffer, at: number, length: number) => bytes.subarray(at, at + length).toString('latin1');

/** MP4 / MOV (ISO base media: 'ftyp' at 4) and WebM / Matroska (EBML 1A 45 DF A3). */
export function videoType(head: Buffer): 'mp4' | 'mov' | 'webm' | 'mkv' | null {
  if (ascii(head, 4, 4) === 'ftyp') return ascii(head, 8, 4) === 'qt  ' ? 'mov' : 'mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The EBML header names its DocType near the start.
    return head.subarray(0, 64).includes('webm') ? 'webm' : 'mkv';
  }
  return null;
}

/** MP3 (an ID3 tag or an MPEG audio frame), Ogg, WAV and M4A ('ftyp'). */
export function audioType(head: Buffer): 'mp3' | 'ogg' | 'wav' | 'm4a' | null {
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  // A frame sync (11 bits) with a layer (not the reserved 00, which is ADTS AAC).
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0) return 'mp3';
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 4, 4) === 'ftyp') return 'm4a';
  return null;
}

/** A control character that plain text does not have (tab, line breaks and form feed it may). */
const binary = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f;

/** Text: valid UTF-8 without control characters other than tab, line breaks and form feed. */
function isPlainText(head: Buffer, whole: boolean): boolean {
  if (head.length === 0) return false;
  // A multi-byte character cut at the end of the sample is not an error.
  let sample = head;
  if (!whole) {
    let cut = sample.length;
    for (let i = sample.length - 1; i >= Math.max(0, sample.length - 4); i -= 1) {
      if ((sample[i]! & 0xc0) === 0xc0) {
        cut = i;
        break;
      }
      if ((sample[i]! & 0x80) === 0) break;
    }
    sample = sample.subarray(0, cut);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  // Control characters are all single bytes in UTF-8.
  return !sample.some(binary);
}

/** The names in a ZIP file's central directory, or null when it is not a readable ZIP. */
async function zipNames(path: string, size: number): Promise<string[] | null> {
  const file = await open(path, 'r');
  try {
    // The end record (22 bytes and a comment of up to 64 KB) is in the last 65,557 bytes.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tail.length) return null;
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return null;
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let at = 0;
    for (let i = 0; i < entries && at + 46 <= directory.length; i += 1) {
      if (directory.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = directory.readUInt16LE(at + 28);
      names.push(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return names;
  } finally {
    await file.close();
  }
}

/** PDF, Word, Excel, PowerPoint (the OOXML formats), ZIP and plain UTF-8 text. */
export async function documentType(head: Buffer, path: string, size: number): Promise<'pdf' | 'docx' | 'xlsx' | 'pptx' | 'zip' | 'txt' | null> {
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(head, 0, 4) === 'PK\u0003\u0004' || ascii(head, 0, 4) === 'PK\u0005\u0006') {
    const names = await zipNames(path, size);
    if (!names) return null;
    if (names.includes('[Content_Types].xml')) {
      if (names.some((name) => name.startsWith('word/'))) return 'docx';
      if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
      if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
    }
    return 'zip';
  }
  return isPlainText(head, size <= head.length) ? 'txt' : null;
}

/** The type of the file at `path` (its first bytes are `head`) among the types of `media`, or null. */
export async function sniffFile(media: Media, head: Buffer, path: string, size: number): Promise<FileExt | null> {
  switch (media) {
    case 'picture':
      return imageType(head);
    case 'audio':
      return audioType(head);
    case 'video':
      return videoType(head);
    case 'text':
      return documentType(head, path, size);
  }
}

/** The first bytes of a file. */
export async function fileHead(path: string, length = SNIFF_BYTES): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
