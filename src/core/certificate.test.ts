import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGNATURE_SRC,
  DEFAULT_STAMP_SRC,
  SAMPLE_CERTIFICATE,
  canRequestCertificate,
  certificateDate,
  certificateName,
  formatCertificateDate,
  resolveCertificate,
  type CertificateData,
  type CertificateIds,
} from './certificate.ts';
import { certificateMessages } from './messages.ts';

const NOW = new Date(2025, 0, 15, 12, 30);
const ruLong = (date: Date) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long' }).format(date);

describe('certificateName', () => {
  it.each<[string, CertificateData, string]>([
    ['full name as is', { user_full_name: 'Иванов Иван Иванович' }, 'Иванов Иван Иванович'],
    ['full name trimmed and collapsed', { user_full_name: '  Иванов \t Иван\n Иванович ' }, 'Иванов Иван Иванович'],
    ['None stripped from the full name', { user_full_name: 'Иванов Иван None' }, 'Иванов Иван'],
    ['several None stripped', { user_full_name: 'None Иван None None' }, 'Иван'],
    ['None inside a word kept', { user_full_name: 'Nonexistent Noneв ИванNone' }, 'Nonexistent Noneв ИванNone'],
    ['lower-case none kept', { user_full_name: 'none Иван' }, 'none Иван'],
    [
      'full name of only None → parts',
      { user_full_name: 'None None', last_name: 'Петрова', first_name: 'Мария', patronymic: 'Олеговна' },
      'Петрова Мария Олеговна',
    ],
    [
      'blank full name → last, first, patronymic',
      { user_full_name: '   ', first_name: 'Мария', last_name: 'Петрова', patronymic: 'Олеговна' },
      'Петрова Мария Олеговна',
    ],
    ['missing patronymic skipped', { first_name: 'Мария', last_name: 'Петрова', patronymic: null }, 'Петрова Мария'],
    ['None and blank parts skipped', { first_name: 'Мария', last_name: 'None', patronymic: '  ' }, 'Мария'],
    ['parts trimmed', { first_name: '  Мария ', last_name: ' Петрова' }, 'Петрова Мария'],
    ['nothing at all', {}, 'Имя не указано'],
    ['only None and nulls', { user_full_name: 'None', first_name: 'None', last_name: null, patronymic: undefined }, 'Имя не указано'],
  ])('%s', (_name, data, expected) => {
    expect(certificateName(data)).toBe(expected);
  });

  it('uses the message catalogue fallback', () => {
    expect(certificateName({})).toBe(certificateMessages.noName);
  });
});

describe('certificateDate', () => {
  it.each<[string, string | null | undefined, Date]>([
    ['missing', undefined, NOW],
    ['null', null, NOW],
    ['blank', '  ', NOW],
    ['garbage', 'вчера', NOW],
    ['impossible day', '2024-02-30', NOW],
    ['impossible month', '2024-13-01', NOW],
    ['bare date is that local day', '2024-05-20', new Date(2024, 4, 20)],
    ['date-time with offset', '2024-05-20T10:00:00+03:00', new Date(Date.UTC(2024, 4, 20, 7))],
    ['date-time in UTC', '2023-12-31T23:59:59Z', new Date(Date.UTC(2023, 11, 31, 23, 59, 59))],
  ])('%s', (_name, value, expected) => {
    expect(certificateDate(value, NOW)).toEqual(expected);
  });

  it('returns a copy of now, not the caller’s instance', () => {
    const result = certificateDate(null, NOW);
    expect(result).not.toBe(NOW);
    expect(result.getTime()).toBe(NOW.getTime());
  });

  it('defaults now to the current time', () => {
    const before = Date.now();
    const result = certificateDate(undefined).getTime();
    expect(result).toBeGreaterThanOrEqual(before);
    expect(result).toBeLessThanOrEqual(Date.now());
  });
});

describe('formatCertificateDate', () => {
  it.each([new Date(2024, 4, 20), new Date(2025, 0, 1), new Date(2023, 11, 31)])('%s matches Intl ru-RU long', (date) => {
    expect(formatCertificateDate(date)).toBe(ruLong(date));
  });

  it('writes the month in the Russian genitive', () => {
    expect(formatCertificateDate(new Date(2024, 4, 20))).toMatch(/^20 мая 2024/);
  });
});

describe('resolveCertificate', () => {
  it('applies every fallback to empty data', () => {
    expect(resolveCertificate({}, NOW)).toEqual({
      name: 'Имя не указано',
      course: 'Курс не найден',
      school: 'Школа не найдена',
      date: NOW,
      dateText: ruLong(NOW),
      director: 'Director Name',
      teacher: 'Teacher Name',
      signature: DEFAULT_SIGNATURE_SRC,
      stamp: DEFAULT_STAMP_SRC,
      sections: [],
    });
  });

  it('keeps every given value', () => {
    const data: CertificateData = {
      user_full_name: 'Иванов Иван',
      course_name: ' Курс ',
      school_name: 'Школа',
      date: '2024-05-20',
      director_name: 'Директор',
      teacher: 'Преподаватель',
      signature: 'https://cdn.example/sign.png',
      stamp: 'https://cdn.example/stamp.png',
      sections: [{ name: 'Модуль', lessons: [{ lesson_id: 7, name: 'Урок', type: 'lesson' }] }],
    };
    expect(resolveCertificate(data, NOW)).toEqual({
      name: 'Иванов Иван',
      course: 'Курс',
      school: 'Школа',
      date: new Date(2024, 4, 20),
      dateText: ruLong(new Date(2024, 4, 20)),
      director: 'Директор',
      teacher: 'Преподаватель',
      signature: 'https://cdn.example/sign.png',
      stamp: 'https://cdn.example/stamp.png',
      sections: [{ name: 'Модуль', lessons: [{ lesson_id: 7, name: 'Урок', type: 'lesson' }] }],
    });
  });

  it.each<[string, CertificateData, Partial<ReturnType<typeof resolveCertificate>>]>([
    ['blank course', { course_name: '  ' }, { course: 'Курс не найден' }],
    ['None course', { course_name: 'None' }, { course: 'Курс не найден' }],
    ['null school', { school_name: null }, { school: 'Школа не найдена' }],
    ['blank school', { school_name: '' }, { school: 'Школа не найдена' }],
    ['teacher falls back to director', { director_name: 'Д. Директоров' }, { teacher: 'Д. Директоров', director: 'Д. Директоров' }],
    ['blank teacher falls back to director', { director_name: 'Д', teacher: ' ' }, { teacher: 'Д' }],
    ['no director, no teacher', { director_name: ' ', teacher: null }, { director: 'Director Name', teacher: 'Teacher Name' }],
    ['teacher without director', { teacher: 'Учитель' }, { director: 'Director Name', teacher: 'Учитель' }],
    ['blank signature and stamp', { signature: '', stamp: '  ' }, { signature: DEFAULT_SIGNATURE_SRC, stamp: DEFAULT_STAMP_SRC }],
    ['None signature and stamp', { signature: 'None', stamp: null }, { signature: DEFAULT_SIGNATURE_SRC, stamp: DEFAULT_STAMP_SRC }],
    ['null sections', { sections: null }, { sections: [] }],
    ['bad date → now', { date: 'not a date' }, { date: NOW, dateText: ruLong(NOW) }],
  ])('%s', (_name, data, expected) => {
    expect(resolveCertificate(data, NOW)).toMatchObject(expected);
  });

  it('gives a section without lessons an empty list', () => {
    const data = { sections: [{ name: 'M' }] } as unknown as CertificateData;
    expect(resolveCertificate(data, NOW).sections).toEqual([{ name: 'M', lessons: [] }]);
  });

  it('copies sections, so the view model never aliases the input', () => {
    const resolved = resolveCertificate(SAMPLE_CERTIFICATE, NOW);
    expect(resolved.sections).toEqual(SAMPLE_CERTIFICATE.sections);
    expect(resolved.sections).not.toBe(SAMPLE_CERTIFICATE.sections);
    expect(resolved.sections[0]?.lessons[0]).not.toBe(SAMPLE_CERTIFICATE.sections?.[0]?.lessons[0]);
  });

  it('defaults now to the current time', () => {
    expect(resolveCertificate({}).date).toBeInstanceOf(Date);
  });
});

describe('canRequestCertificate', () => {
  it.each<[CertificateIds, boolean]>([
    [{ courseId: 1, userId: 2, schoolId: 3 }, true],
    [{ courseId: '1', userId: '2', schoolId: '3' }, true],
    [{ courseId: 1, userId: 'abc', schoolId: 3 }, true],
    [{}, false],
    [{ courseId: 1, userId: 2 }, false],
    [{ courseId: 1, schoolId: 3 }, false],
    [{ userId: 2, schoolId: 3 }, false],
    [{ courseId: null, userId: 2, schoolId: 3 }, false],
    [{ courseId: 0, userId: 2, schoolId: 3 }, false],
    [{ courseId: -1, userId: 2, schoolId: 3 }, false],
    [{ courseId: Number.NaN, userId: 2, schoolId: 3 }, false],
    [{ courseId: Number.POSITIVE_INFINITY, userId: 2, schoolId: 3 }, false],
    [{ courseId: 1, userId: '', schoolId: 3 }, false],
    [{ courseId: 1, userId: 2, schoolId: '  ' }, false],
  ])('%j → %s', (ids, expected) => {
    expect(canRequestCertificate(ids)).toBe(expected);
  });

  it('rejects values of other types from decrypted JSON', () => {
    const ids = JSON.parse('{"courseId": true, "userId": {}, "schoolId": [1]}') as CertificateIds;
    expect(canRequestCertificate(ids)).toBe(false);
  });
});

describe('default images', () => {
  it.each([
    ['signature', DEFAULT_SIGNATURE_SRC, /<path /],
    ['stamp', DEFAULT_STAMP_SRC, /<circle [^]*>CourseHub<\/text>/],
  ])('%s is a url-encoded inline SVG', (_name, src, content) => {
    const prefix = 'data:image/svg+xml,';
    expect(src.startsWith(prefix)).toBe(true);
    const encoded = src.slice(prefix.length);
    expect(encoded).not.toMatch(/[<>"#\s]/);
    const svg = decodeURIComponent(encoded);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[^]*<\/svg>$/);
    expect(svg).toMatch(content);
  });
});

describe('SAMPLE_CERTIFICATE', () => {
  it('resolves without any fallback text except the default images', () => {
    const resolved = resolveCertificate(SAMPLE_CERTIFICATE, NOW);
    expect(resolved).toMatchObject({
      name: 'Иванова Анна Сергеевна',
      course: 'Python-разработчик с нуля',
      school: 'Школа цифровых профессий',
      date: new Date(2024, 4, 20),
      director: 'Петров Сергей Николаевич',
      teacher: 'Смирнова Елена Викторовна',
      signature: DEFAULT_SIGNATURE_SRC,
      stamp: DEFAULT_STAMP_SRC,
    });
    expect(resolved.sections).toHaveLength(2);
    for (const section of resolved.sections) expect(section.lessons.length).toBeGreaterThan(0);
  });
});
