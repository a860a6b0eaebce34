import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { LessonBlock, LessonDetail } from './learning-api.ts';
import LessonPage from './lesson-page.tsx';

const base = { order: 1, description: null, code_html: null, formula_html: null, url: null, picture: null, buttons: null, base_lesson: 11, code: null, language: null, formula: null, video_file: null, video_url: null, picture_file: null, picture_url: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const uploaded: LessonBlock = { ...base, id: 1, type: 'video', video_url: '/api/files/3/урок.webm?t=s' };
const youtube: LessonBlock = { ...base, id: 2, type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' };

const detail = (blocks: LessonBlock[], completed = false): LessonDetail => ({
  id: 11,
  baselesson_ptr_id: 11,
  type: 'lesson',
  section: 1,
  section_id: 1,
  course_id: 7,
  name: 'Видеоурок',
  order: 1,
  active: true,
  points: 0,
  author_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  description: '',
  blocks,
  text_files: [],
  audio_files: [],
  previous: null,
  next: null,
  viewed: true,
  completed,
  sended: null,
});

const rule = (completed = false, uploadedCount = 1) => ({ required_percent: 90, completed, videos: 1, uploaded: uploadedCount });

/** The <video>'s played ranges and length as the browser would have them, then its timeupdate. */
function play(video: HTMLVideoElement, end: number, duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  Object.defineProperty(video, 'played', { configurable: true, value: { length: 1, start: () => 0, end: () => end } });
  fireEvent.timeUpdate(video);
}

beforeAll(() => {
  (window as unknown as { happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM.settings.navigation.disableChildFrameNavigation = true;
});
beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});

describe('a lesson with a video on the student’s page', () => {
  it('is not complete on opening; it is completed once the school’s share of the video was played, with the video’s length', async () => {
    let done = false;
    const { sent } = stubApi({
      'GET Alpha/lessons/11/': () => json(detail([uploaded], done)),
      'GET Alpha/lessons/11/video_progress/': () => json(rule()),
      'POST Alpha/lessons/11/video_progress/': () => {
        done = true;
        return json(rule(true));
      },
    });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
    await screen.findByText('Урок будет пройден, когда вы посмотрите видео не меньше чем на 90 %.');
    expect(screen.queryByText('Пройдено')).toBeNull();
    const video = screen.getByLabelText('Видео урока') as HTMLVideoElement;

    act(() => play(video, 50, 100));
    expect(screen.getByText('Просмотрено 50 % из 90 %.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    act(() => play(video, 95, 100));
    await screen.findByText('Видео просмотрено: урок пройден.');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ watched_percent: 95, duration_seconds: 100 }]);
    // The page reads the lesson again: its state says so.
    await screen.findByText('Пройдено');
  });

  it('says why the server refused, and keeps the lesson as it is', async () => {
    stubApi({
      'GET Alpha/lessons/11/': () => json(detail([uploaded])),
      'GET Alpha/lessons/11/video_progress/': () => json(rule()),
      'POST Alpha/lessons/11/video_progress/': () => json({ code: 'VIDEO_NOT_WATCHED', message: 'Урок открыт 3 с назад: за это время видео не досмотреть.' }, 400),
    });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
    await screen.findByText('Урок будет пройден, когда вы посмотрите видео не меньше чем на 90 %.');
    act(() => play(screen.getByLabelText('Видео урока') as HTMLVideoElement, 100, 100));
    await screen.findByText('Урок открыт 3 с назад: за это время видео не досмотреть.');
    expect(screen.queryByText('Пройдено')).toBeNull();
  });

  it("completes a host's video on «Я посмотрел», once the student started the player", async () => {
    const { sent } = stubApi({
      'GET Alpha/lessons/11/': () => json(detail([youtube], sent.some((request) => request.method === 'POST'))),
      'GET Alpha/lessons/11/video_progress/': () => json(rule(false, 0)),
      'POST Alpha/lessons/11/video_progress/': () => json(rule(true, 0)),
    });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
    const button = (await screen.findByRole('button', { name: 'Я посмотрел' })) as HTMLButtonElement;
    await screen.findByText('Урок будет пройден, когда вы посмотрите видео не меньше чем на 90 %.');
    expect(button.disabled).toBe(true);
    act(() => {
      screen.getByTitle('Видео урока (YouTube)').focus();
      window.dispatchEvent(new Event('blur'));
    });
    fireEvent.click(button);
    await screen.findByText('Видео просмотрено: урок пройден.');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ watched_percent: 100 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Я посмотрел' })).toBeNull());
  });

  it('asks nothing of a lesson already completed, nor of one without a video', async () => {
    for (const [blocks, completed] of [
      [[uploaded], true],
      [[{ ...base, id: 3, type: 'description', description: '<p>Текст</p>' }], false],
    ] as const) {
      const { sent } = stubApi({ 'GET Alpha/lessons/11/': () => json(detail([...blocks], completed)) });
      const { unmount } = render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
      await screen.findByRole('heading', { level: 1, name: 'Видеоурок' });
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET Alpha/lessons/11/']);
      expect(screen.queryByRole('button', { name: 'Я посмотрел' })).toBeNull();
      unmount();
    }
  });
});
