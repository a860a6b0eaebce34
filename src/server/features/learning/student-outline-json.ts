import { handedIn, lessonItem, type CourseOutline, type OutlineSection } from '../courses/index.ts';
import type { LessonState, Lock } from './student-access.ts';
import { lockBody } from './student-lesson-item.ts';

// A student's outline answer as bytes (the Outline schema of courses' section-routes.ts), joined from parts
// encoded once per course outline: each lesson's fixed fields and each module's, and the few
// endings progress gives an item. An outline of 1,000 lessons is then one copy of its bytes, not
// 1,000 objects built, serialised and encoded to UTF-8 (issue 12's budget: about 5 ms a request
// on the benchmark's machine otherwise). The same JSON as the objects of courses' lesson-item.ts and
// student-lesson-item.ts (student-outline-json.test.ts).

interface Encoded {
  /** `{"type":…,…,"points":…,` by the lesson's place in the outline. */
  items: Buffer[];
  /** `{"section_id":…,…,"order":…,"lessons":[` by module id. */
  sections: Map<number, Buffer>;
}

const encoded = new WeakMap<CourseOutline, Encoded>();

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** A JSON object's text without its closing brace, to go on with more fields. */
const open = (value: object) => JSON.stringify(value).slice(0, -1);

const COMMA = bytes(',');
const CLOSE = bytes(']}');
const SECTIONS = bytes(',"sections":[');
const NO_LOCK = bytes('null}');
const BRACE = bytes('}');

/** An item's progress fields up to `"homework_status":`, by viewed + 2 × completed + 4 × (sended: null 0, false 1, true 2). */
const PROGRESS = Array.from({ length: 12 }, (_, code) => {
  const sended = [null, false, true][code >> 2];
  return bytes(`"viewed":${(code & 1) !== 0},"completed":${(code & 2) !== 0},"sended":${sended},"homework_status":`);
});

/** A hand-in status's value up to `"locked":`, by status (null: none). */
const statusParts = new Map<string | null, Buffer>();
function statusPart(status: string | null): Buffer {
  let part = statusParts.get(status);
  if (!part) statusParts.set(status, (part = bytes(`${JSON.stringify(status)},"locked":`)));
  return part;
}

function encode(outline: CourseOutline): Encoded {
  let parts = encoded.get(outline);
  if (!parts) {
    parts = {
      items: outline.lessons.map((lesson) => {
        // lessonItem's fields up to `points`: the item's own order of fields, cut before the progress.
        const json = JSON.stringify(lessonItem({ ...lesson, active: true }));
        return bytes(json.slice(0, json.indexOf('"viewed":')));
      }),
      sections: new Map(outline.sections.map((s) => [s.id, bytes(`${open(sectionHead(s, outline))},"lessons":[`)])),
    };
    encoded.set(outline, parts);
  }
  return parts;
}

/** A module's fields in the outline (SectionBody). */
function sectionHead(section: OutlineSection, outline: CourseOutline) {
  return { section_id: section.id, section: section.id, course: outline.courseId, name: section.name, section_name: section.name, order: section.order };
}

/**
 * The answer: `head` (the outline's fields before `sections`), then `sections` (modules of the
 * outline, in its order) with `states` (lessons of the outline, in its order, each in one of them).
 */
export function studentOutlineJson(head: object, outline: CourseOutline, sections: readonly OutlineSection[], states: readonly LessonState[]): Buffer {
  const parts = encode(outline);
  // One encoding per lock: every lesson strict order locks shares the student's one.
  const locks = new Map<Lock, Buffer>();
  const out: Buffer[] = [bytes(open(head)), SECTIONS];
  let place = 0;
  let next = 0;
  for (const [i, section] of sections.entries()) {
    if (i > 0) out.push(COMMA);
    out.push(parts.sections.get(section.id)!);
    for (let first = true; next < states.length && states[next]!.sectionId === section.id; next += 1, first = false) {
      const state = states[next]!;
      while (outline.lessons[place]!.id !== state.id) place += 1;
      if (!first) out.push(COMMA);
      out.push(parts.items[place]!);
      out.push(PROGRESS[+state.viewed + 2 * +state.completed + 4 * (handedIn(state.type) ? 1 + +state.submitted : 0)]!);
      out.push(statusPart(state.homeworkStatus));
      const { locked } = state;
      if (!locked) {
        out.push(NO_LOCK);
        continue;
      }
      let lock = locks.get(locked);
      if (!lock) locks.set(locked, (lock = bytes(JSON.stringify(lockBody(locked)))));
      out.push(lock, BRACE);
    }
    out.push(CLOSE);
  }
  out.push(CLOSE);
  return Buffer.concat(out);
}
