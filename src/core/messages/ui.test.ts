import { describe, expect, it } from 'vitest';
import { formatFileSize, uiMessages } from './ui.ts';

describe('uiMessages', () => {
  it('names a file size in bytes, kilobytes or megabytes, with a Russian decimal comma', () => {
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(800 * 1024)).toBe('800 КБ');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 МБ');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 МБ');
  });

  it('builds the upload texts from the file name and the size limit', () => {
    expect(uiMessages.uploading('фото.jpg')).toBe('Загрузка файла «фото.jpg»');
    expect(uiMessages.fileTooLarge(2 * 1024 * 1024)).toBe('Файл слишком большой: можно загрузить не больше 2 МБ.');
  });
});
