import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-names.ts';

describe('file names', () => {
  it('keep the original name, with the extension of the sniffed type', () => {
    expect(cleanFileName('Лекция 1.mp4', 'mp4')).toBe('Лекция 1.mp4');
    expect(cleanFileName('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(cleanFileName('evil.html', 'png')).toBe('evil.html.png');
    expect(cleanFileName('', 'pdf')).toBe('file.pdf');
    expect(cleanFileName('noext', 'pdf')).toBe('noext.pdf');
  });

  it('lose paths, odd characters, leading dots and extra length; a control character is refused', () => {
    expect(cleanFileName('C:\\Users\\me\\..\\отчёт.pdf', 'pdf')).toBe('отчёт.pdf');
    expect(cleanFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(cleanFileName('  a   <b>:"c"|?*.txt ', 'txt')).toBe('a _b___c____.txt');
    expect(cleanFileName('...hidden.txt', 'txt')).toBe('hidden.txt');
    const long = cleanFileName(`${'я'.repeat(300)}.pdf`, 'pdf');
    expect(long).toHaveLength(200);
    expect(long.endsWith('я.pdf')).toBe(true);
    expect(() => cleanFileName('a\u0000b.pdf', 'pdf')).toThrow('Имя файла содержит недопустимые символы.');
  });

  it('go into Content-Disposition readable by every browser', () => {
    expect(contentDisposition('attachment', 'План "А".pdf')).toBe(`attachment; filename="____ ___.pdf"; filename*=UTF-8''%D0%9F%D0%BB%D0%B0%D0%BD%20%22%D0%90%22.pdf`);
    expect(contentDisposition('inline', "it's (1).png")).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
