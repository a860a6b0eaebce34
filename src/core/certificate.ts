/**
 * Certificate rules (spec §3 fields, §5 fallbacks): turns whatever the server sends into a view
 * model that never has a blank line on the printed form.
 */
import type { ApiAnswer } from './api-call.ts';
import { certificateMessages } from './messages.ts';

/** The certificate's data as the server answers it. */
type Served = ApiAnswer<'GET certificate/{certLink}/'>;
type ServedSection = Served['sections'][number];

/** A lesson of the program: `type` (lesson, test, homework, webinar) is display-only. */
export type CertificateLesson = Pick<ServedSection['lessons'][number], 'lesson_id' | 'name' | 'type'>;

export type CertificateSection = Pick<ServedSection, 'name'> & { lessons: readonly CertificateLesson[] };

/**
 * The served fields, each of which may be missing or null here (Python's None also leaks in as
 * text): the spec §5 fallbacks below fill every blank, for a served answer and the preview's sample.
 */
export type CertificateData = { [K in Exclude<keyof Served, 'sections'>]?: Served[K] | null } & {
  sections?: readonly CertificateSection[] | null;
};

export interface ResolvedCertificate {
  name: string;
  course: string;
  school: string;
  date: Date;
  /** `date` as a Russian long date, e.g. "20 мая 2024 г.". */
  dateText: string;
  director: string;
  teacher: string;
  signature: string;
  stamp: string;
  sections: CertificateSection[];
}

const svgDataUri = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** A hand-drawn-looking ink signature, used when the school has none. */
export const DEFAULT_SIGNATURE_SRC = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80">' +
    '<path d="M12 56c10-28 22-42 27-33s-9 37-3 36 13-29 21-31 3 21 10 19 10-17 16-15-2 15 4 14 12-11 18-9 6 9 15 6c14-5 30-13 52-15" ' +
    'fill="none" stroke="#1f2a6b" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<path d="M44 67c38-5 88-8 138-11" fill="none" stroke="#1f2a6b" stroke-width="1.5" stroke-linecap="round"/>' +
    '</svg>',
);

/** A round ink stamp reading "CourseHub", used when the school has none. */
export const DEFAULT_STAMP_SRC = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">' +
    '<g fill="none" stroke="#2f4fb5" opacity=".85">' +
    '<circle cx="60" cy="60" r="56" stroke-width="3"/><circle cx="60" cy="60" r="46" stroke-width="1.5"/></g>' +
    '<g fill="#2f4fb5" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" opacity=".85">' +
    '<text x="60" y="40" font-size="12">★ ★ ★</text>' +
    '<text x="60" y="66" font-size="17" font-weight="700">CourseHub</text>' +
    '<text x="60" y="90" font-size="12">★ ★ ★</text></g>' +
    '</svg>',
);

// "None" as a whole word only: letters of any script around it make it part of another word.
const NONE_WORD = /(?<![\p{L}\p{N}_])None(?![\p{L}\p{N}_])/gu;

/** Strips the word None, collapses whitespace and trims. */
function clean(value: string | null | undefined): string {
  return (value ?? '').replace(NONE_WORD, ' ').replace(/\s+/g, ' ').trim();
}

/** The text, trimmed, or the fallback when it is missing, blank or a leaked "None". */
function orDefault(value: string | null | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || trimmed === 'None' ? fallback : trimmed;
}

/** Spec §5: the full name without "None"; else last, first, patronymic; else 'Имя не указано'. */
export function certificateName(data: CertificateData): string {
  const full = clean(data.user_full_name);
  if (full) return full;
  const parts = [data.last_name, data.first_name, data.patronymic].map(clean).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : certificateMessages.noName;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The certificate date, or a copy of `now` when it is missing or unparsable. */
export function certificateDate(value: string | null | undefined, now: Date = new Date()): Date {
  const text = (value ?? '').trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    // A bare date means that calendar day wherever it is viewed, so build it in local time
    // (new Date('2024-05-20') is UTC midnight, which is the 19th west of Greenwich).
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const local = new Date(year, month - 1, day);
    if (local.getMonth() === month - 1 && local.getDate() === day) return local;
  } else if (text) {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date(now.getTime());
}

/** "20 мая 2024 г." (Intl ru-RU long date). */
export function formatCertificateDate(date: Date): string {
  return new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long' }).format(date);
}

// Array.isArray narrows readonly arrays to any[], so the element type is restated here.
const listOf = <T>(value: readonly T[] | null | undefined): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [];

/** Applies every fallback of spec §5. Returns fresh arrays, so the input may be shared. */
export function resolveCertificate(data: CertificateData, now: Date = new Date()): ResolvedCertificate {
  const t = certificateMessages;
  const date = certificateDate(data.date, now);
  const director = orDefault(data.director_name, t.directorFallback);
  return {
    name: certificateName(data),
    course: orDefault(data.course_name, t.noCourse),
    school: orDefault(data.school_name, t.noSchool),
    date,
    dateText: formatCertificateDate(date),
    director,
    // The teacher line falls back to the director before the placeholder.
    teacher: orDefault(data.teacher, orDefault(data.director_name, t.teacherFallback)),
    signature: orDefault(data.signature, DEFAULT_SIGNATURE_SRC),
    stamp: orDefault(data.stamp, DEFAULT_STAMP_SRC),
    sections: listOf(data.sections).map((section) => ({
      name: section.name,
      lessons: listOf(section.lessons).map((lesson) => ({ ...lesson })),
    })),
  };
}

/** The ids decrypted from a certificate link. */
export interface CertificateIds {
  courseId?: number | string | null;
  userId?: number | string | null;
  schoolId?: number | string | null;
}

type PresentId = number | string;

function isPresentId(id: unknown): id is PresentId {
  if (typeof id === 'number') return Number.isFinite(id) && id > 0;
  return typeof id === 'string' && id.trim() !== '';
}

/** Spec §5: certificate data is requested only when courseId, userId and schoolId are all present. */
export function canRequestCertificate(
  ids: CertificateIds,
): ids is { courseId: PresentId; userId: PresentId; schoolId: PresentId } {
  return isPresentId(ids.courseId) && isPresentId(ids.userId) && isPresentId(ids.schoolId);
}

/** Fixed data for /certificate/preview (spec §2); signature and stamp use the defaults. */
export const SAMPLE_CERTIFICATE: CertificateData = {
  user_full_name: 'Иванова Анна Сергеевна',
  first_name: 'Анна',
  last_name: 'Иванова',
  patronymic: 'Сергеевна',
  course_name: 'Python-разработчик с нуля',
  school_name: 'Школа цифровых профессий',
  date: '2024-05-20',
  signature: null,
  stamp: null,
  director_name: 'Петров Сергей Николаевич',
  teacher: 'Смирнова Елена Викторовна',
  sections: [
    {
      name: 'Основы языка',
      lessons: [
        { lesson_id: 1, name: 'Переменные и типы данных', type: 'lesson' },
        { lesson_id: 2, name: 'Условия и циклы', type: 'lesson' },
        { lesson_id: 3, name: 'Проверка знаний: основы', type: 'test' },
      ],
    },
    {
      name: 'Функции и модули',
      lessons: [
        { lesson_id: 4, name: 'Функции и области видимости', type: 'lesson' },
        { lesson_id: 5, name: 'Работа с модулями и пакетами', type: 'lesson' },
        { lesson_id: 6, name: 'Итоговый проект', type: 'homework' },
      ],
    },
  ],
};
