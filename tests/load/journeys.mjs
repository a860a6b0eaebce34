// The load model's journeys (issue 27): what a session of each role does, step by step, with the
// calls the app and the widgets make for it (the same paths, queries and bodies). Each journey runs
// until the run ends; `session` comes from load-run.mjs (http, socket, think, markMessage, next).
import { FormData } from 'undici';
import { LOAD_PASSWORD } from './seed-scale.mjs';

// An access token lives 15 minutes: a session renews it well before.
const RENEW_MS = 10 * 60_000;

/** Signs in as the app does; returns a session's credentials that renew themselves. */
async function signIn(session, email) {
  const answer = await session.http('sign in', 'POST', '/api/login/', { body: { login: email, password: LOAD_PASSWORD } });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status}`);
  let { access, refresh } = answer.json;
  let renewed = performance.now();
  const schools = await session.http('user schools', 'GET', '/api/user-schools/', { token: access });
  return {
    schoolId: schools.json?.[0]?.school_id,
    get access() {
      return access;
    },
    async renew() {
      if (performance.now() - renewed < RENEW_MS) return;
      const next = await session.http('token refresh', 'POST', '/api/token/refresh/', { body: { refresh } });
      if (next.ok) ({ access, refresh } = next.json);
      renewed = performance.now();
    },
  };
}

/** The account a session signs in with: sessions of a role take its accounts in turn. */
const account = (kind, ordinal, count) => `load-${kind}-${(ordinal % count) + 1}@example.com`;

/**
 * @param {{ school: string, courseId: number, scale: typeof import('./seed-scale.mjs').FULL_SCALE }} data
 * @returns {Record<'student' | 'teacher' | 'admin' | 'anonymous', (session: object) => Promise<void>>}
 */
export function journeys({ school, courseId, scale }) {
  const api = `/api/${school}`;
  const groups = Math.ceil(scale.students / scale.groupSize);
  const teachers = Math.max(1, Math.ceil(groups / 10));
  const ordinals = { student: 0, teacher: 0, admin: 0, anonymous: 0 };
  const lessonPath = (lesson) => `${api}/${lesson.type === 'test' ? 'tests' : lesson.type === 'homework' ? 'homeworks' : 'lessons'}/${lesson.id}/`;

  return {
    // Students: sign in; their courses; the outline; then a lesson a step (the next one not done),
    // every third step a test's questions and an attempt, every fifth a homework handed in with a
    // small file, the chat list every other step and every tenth the group's chat opened (read up
    // to its last message) and a message written; the chat socket open throughout.
    async student(session) {
      const me = await signIn(session, account('student', ordinals.student++, scale.students));
      session.socket(`${api}/chats/ws`, () => me.access);
      const courses = await session.http('student: courses', 'GET', `${api}/courses/?p=1&s=12`, { token: me.access });
      const course = courses.json?.results?.[0]?.course_id ?? courseId;
      const outline = async () => (await session.http('student: outline', 'GET', `${api}/courses/${course}/sections/`, { token: me.access })).json;
      const lessons = (await outline())?.sections.flatMap((section) => section.lessons) ?? [];
      const chats = await session.http('student: chat list', 'GET', `${api}/chats/?p=1&s=50`, { token: me.access });
      const chat = chats.json?.results?.find((item) => item.type === 'group');
      const firstTodo = (type) => lessons.find((lesson) => (type ? lesson.type === type : true) && !lesson.completed && !lesson.sended);

      for (let step = 1; await session.think(); step += 1) {
        await me.renew();
        const token = me.access;
        const lesson = firstTodo('lesson') ?? lessons[Math.floor(session.next() * lessons.length)];
        if (lesson) {
          await session.http('student: lesson', 'GET', lessonPath(lesson), { token });
          lesson.completed = true;
        }
        if (step % 3 === 0) await takeTest(session, api, firstTodo('test'), token);
        if (step % 5 === 0) await handIn(session, api, firstTodo('homework'), course, token);
        if (step % 2 === 0) await session.http('student: chat list', 'GET', `${api}/chats/?p=1&s=50`, { token });
        if (step % 10 === 0 && chat) await writeInChat(session, api, chat.id, token);
        // Back on the course's page now and then: the list and the outline again.
        if (step % 10 === 5) {
          await session.http('student: courses', 'GET', `${api}/courses/?p=1&s=12`, { token });
          await outline();
        }
      }
    },

    // Teachers: the queue of hand-ins waiting, filtered to their course; open the first; accept it
    // with a mark (another session of the same teacher may have done it: 409); the statistics page
    // every third step.
    async teacher(session) {
      const me = await signIn(session, account('teacher', ordinals.teacher++, teachers));
      await session.http('teacher: queue filters', 'GET', `${api}/homeworks_stats/filters/`, { token: me.access });
      for (let step = 1; await session.think(); step += 1) {
        await me.renew();
        const token = me.access;
        const queue = await session.http('teacher: homework queue', 'GET', `${api}/homeworks_stats/?p=1&status=pending&course_id=${courseId}`, { token });
        const handIn = queue.json?.results?.[Math.floor(session.next() * Math.min(5, queue.json.results.length))];
        if (handIn) {
          const id = handIn.user_homework_id;
          await session.http('teacher: hand-in', 'GET', `${api}/user_homeworks/${id}/`, { token });
          await session.http('teacher: hand-in task', 'GET', `${api}/teacher_homeworks/${id}/task/`, { token });
          await session.think();
          await session.http('teacher: review', 'POST', `${api}/user_homework_checks/`, { token, body: { user_homework: id, status: 'accepted', mark: 5, text: 'Принято, хорошая работа' }, expect: [201, 409] });
        }
        if (step % 3 === 0) {
          await session.http('teacher: course statistics', 'GET', `${api}/courses_stats/`, { token });
          await session.http('teacher: students by month', 'GET', `${api}/user_count_by_month/?months=12`, { token });
          await session.http('teacher: students table', 'GET', `/api/schools/${me.schoolId}/stats/?p=1&s=20`, { token });
        }
      }
    },

    // Admins: the course constructor (the course, its outline of 1,000 lessons, a lesson) and one
    // rename; the students table sorted by a figure; an export of one group's rows.
    async admin(session) {
      const me = await signIn(session, account('admin', ordinals.admin++, 2));
      for (let step = 1; await session.think(); step += 1) {
        await me.renew();
        const token = me.access;
        await session.http('admin: course', 'GET', `${api}/courses/${courseId}/`, { token });
        const outline = await session.http('admin: constructor outline', 'GET', `${api}/courses/${courseId}/sections/`, { token });
        const lessons = outline.json?.sections.flatMap((section) => section.lessons).filter((lesson) => lesson.type === 'lesson') ?? [];
        const lesson = lessons[Math.floor(session.next() * lessons.length)];
        if (lesson) {
          await session.http('admin: lesson', 'GET', `${api}/lessons/${lesson.id}/`, { token });
          await session.http('admin: rename lesson', 'PATCH', `${api}/lessons/${lesson.id}/`, { token, body: { name: `Урок ${lesson.id}, шаг ${step}` } });
        }
        const sort = ['progress', 'average_mark', 'last_active'][step % 3];
        await session.http('admin: students table sorted', 'GET', `/api/schools/${me.schoolId}/stats/?p=1&s=20&sort_by=${sort}&sort_order=desc`, { token });
        if (step % 3 === 0) {
          const group = 1 + Math.floor(session.next() * groups);
          const groupsPage = await session.http('admin: groups', 'GET', `${api}/students_group/?p=1&s=100`, { token });
          const id = groupsPage.json?.results?.[group % (groupsPage.json?.results?.length || 1)]?.group_id;
          if (id) await session.http('admin: export', 'GET', `/api/schools/${me.schoolId}/all_stats/?format=xlsx&group_id=${id}`, { token });
        }
      }
    },

    // Visitors of an owner's site: the widgets' public calls (a catalogue page, a course's preview,
    // the course landing, the tariffs).
    async anonymous(session) {
      for (let step = 1; await session.think(); step += 1) {
        const page = 1 + Math.floor(session.next() * Math.max(1, Math.ceil(scale.schools / 12)));
        const catalogue = await session.http('public: catalogue', 'GET', `/api/course_catalog/?p=${page}&s=12`);
        const listed = catalogue.json?.results?.[Math.floor(session.next() * (catalogue.json?.results?.length ?? 0))];
        if (listed) await session.http('public: course preview', 'GET', `/api/course_catalog/${listed.course_id}`);
        if (step % 2 === 0) await session.http('public: course landing', 'GET', `${api}/course_landing/${courseId}/`);
        if (step % 3 === 0) await session.http('public: tariffs', 'GET', '/api/schools_tariff/');
      }
    },
  };
}

/** The group's chat opened as the chat page opens it (the chat, its last messages, read up to them) and a message sent. */
async function writeInChat(session, api, chatId, token) {
  await session.http('student: chat', 'GET', `${api}/chats/${chatId}/`, { token });
  const messages = await session.http('student: chat messages', 'GET', `${api}/chats/${chatId}/messages/?limit=50`, { token });
  const ids = messages.json?.results?.map((message) => message.id) ?? [];
  if (ids.length) await session.http('student: chat read', 'PATCH', `${api}/chats/${chatId}/`, { token, body: { last_read_id: Math.max(...ids) } });
  await session.http('student: chat message', 'POST', `${api}/chats/${chatId}/messages/`, { token, body: { text: `Вопрос по уроку ${session.markMessage()}` } });
}

/** A test's questions and an attempt with the first answer of each, as the test panel sends it. */
async function takeTest(session, api, lesson, token) {
  if (!lesson) return;
  await session.http('student: test', 'GET', `${api}/tests/${lesson.id}/`, { token });
  const questions = await session.http('student: test questions', 'GET', `${api}/tests/${lesson.id}/get_questions/`, { token });
  if (!questions.ok) return;
  const answers = questions.json.questions.map((question) => ({ question: question.question_id, answers: [question.answers[0].answer_id] }));
  await session.http('student: test attempt', 'POST', `${api}/usertest/`, { token, body: { test: lesson.id, answers } });
  lesson.completed = true;
}

/** A homework handed in: a small text file uploaded, then the hand-in with its text. */
async function handIn(session, api, lesson, course, token) {
  if (!lesson) return;
  await session.http('student: homework', 'GET', `${api}/homeworks/${lesson.id}/`, { token });
  const form = new FormData();
  form.append('file', new Blob([`Решение задания ${lesson.id}: ход работы и ответ.\n`], { type: 'text/plain' }), 'answer.txt');
  const file = await session.http('student: homework file', 'POST', `${api}/homework_files/`, { token, form });
  await session.http('student: hand-in', 'POST', `${api}/user_homeworks/`, {
    token,
    body: { homework: lesson.id, course_id: course, text: 'Моё решение во вложении', file_ids: file.ok ? [file.json.id] : [] },
  });
  lesson.sended = true;
}
