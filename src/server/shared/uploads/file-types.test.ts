import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audioType, documentType, fileHead, sniffFile, videoType } from './file-types.ts';

const dir = mkdtempSync(join(tmpdir(), 'ch-sniff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hex = (value: string) => Buffer.from(value.replace(/ /g, ''), 'hex');

describe('sniffing by content', () => {
  it('knows MP4, MOV, WebM and Matroska videos, and nothing else as video', () => {
    expect(videoType(hex('00000018 66747970 6d703432'))).toBe('mp4');
    expect(videoType(hex('00000014 66747970 71742020'))).toBe('mov');
    expect(videoType(Buffer.concat([hex('1a45dfa3 9f4286 81014282 84'), Buffer.from('webm')]))).toBe('webm');
    expect(videoType(Buffer.concat([hex('1a45dfa3 9f4286 81014282 88'), Buffer.from('matroska')]))).toBe('mkv');
    for (const other of [Buffer.from('<html>'), hex('89504e47 0d0a1a0a'), Buffer.alloc(0), Buffer.from('RIFF0000WAVE')]) expect(videoType(other)).toBeNull();
  });

  it('knows MP3 (ID3 or a frame), Ogg, WAV and M4A, but not ADTS AAC or text', () => {
    expect(audioType(Buffer.from('ID3\u0004'))).toBe('mp3');
    expect(audioType(hex('fffb9064'))).toBe('mp3');
    expect(audioType(hex('fff15080'))).toBeNull();
    expect(audioType(Buffer.from('OggS\u0000'))).toBe('ogg');
    expect(audioType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBe('wav');
    expect(audioType(hex('00000020 66747970 4d344120'))).toBe('m4a');
    expect(audioType(Buffer.from('hello'))).toBeNull();
  });

  it('takes UTF-8 text (a character cut at the sample’s end too) but not binary or another encoding', async () => {
    const text = async (bytes: Buffer, size = bytes.length) => {
      const path = join(dir, `t${Math.random()}`);
      writeFileSync(path, bytes);
      return documentType(bytes, path, size);
    };
    expect(await text(Buffer.from('Привет,\tмир!\r\n\f'))).toBe('txt');
    expect(await text(Buffer.from('Привет').subarray(0, 5), 100)).toBe('txt');
    expect(await text(Buffer.from('Привет').subarray(0, 5))).toBeNull();
    expect(await text(Buffer.from('a\u0000b'))).toBeNull();
    expect(await text(Buffer.from([0xcf, 0xf0, 0xe8]))).toBeNull();
    expect(await text(Buffer.from('%PDF-1.4'))).toBe('pdf');
    expect(await text(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
    expect(await text(Buffer.alloc(0))).toBeNull();
  });

  it('reads the first bytes of a file and sniffs by the kind asked for', async () => {
    const path = join(dir, 'picture');
    writeFileSync(path, Buffer.concat([hex('89504e47 0d0a1a0a'), Buffer.alloc(10_000)]));
    const head = await fileHead(path);
    expect(head.length).toBe(4096);
    expect(await sniffFile('picture', head, path, 10_008)).toBe('png');
    expect(await sniffFile('audio', head, path, 10_008)).toBeNull();
    expect(await sniffFile('video', head, path, 10_008)).toBeNull();
    expect((await fileHead(path, 4)).length).toBe(4);
  });
});
