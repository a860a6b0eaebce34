import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from './fixtures.ts';
import { addWebinar } from './public-fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const MINUTE = 60_000;

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Webinar School' });
});
afterAll(() => t.close());

const page = (slug: string) => call(t.app, 'GET', `/api/public/webinar/${slug}/`);

describe('GET /public/webinar/:slug/', () => {
  it('counts down, goes live with the offset, then ends (one show)', async () => {
    const startsAt = new Date(t.clock.now.getTime() + 10 * MINUTE);
    const id = await addWebinar(t.app, owner.schoolId, { slug: 'single', startsAt, durationMinutes: 30 });

    const before = await page('single');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      status: 'countdown',
      message: 'Вебинар начнётся',
      countdown_to_utc_iso: startsAt.toISOString(),
      webinar_title: 'Вебинар single',
      description: 'Описание вебинара',
    });

    t.clock.advance(12 * MINUTE + 5_500);
    const live = await page('single');
    expect(live.body).toEqual({
      status: 'live',
      id,
      title: 'Вебинар single',
      description: 'Описание вебинара',
      video_type: 'upload',
      youtube_video_id: null,
      uploaded_video_url: 'http://coursehub.test/media/webinar.mp4',
      school_name: 'Webinar School',
      has_chat: true,
      chat_enabled: true,
      duration_minutes: 30,
      playback_session_id: `${id}-${Math.floor(startsAt.getTime() / 1000)}`,
      scheduled_show_time_utc: startsAt.toISOString(),
      video_start_offset_seconds: 125,
    });
    expect(live.headers['cache-control']).toBe('no-cache');

    t.clock.advance(30 * MINUTE);
    const ended = await page('single');
    expect(ended.body).toMatchObject({ status: 'ended', id, video_start_offset_seconds: 30 * 60, scheduled_show_time_utc: startsAt.toISOString() });
  });

  it('repeats: live inside each show, countdown to the next one between them', async () => {
    const startsAt = new Date(t.clock.now.getTime() - 5 * MINUTE);
    const id = await addWebinar(t.app, owner.schoolId, { slug: 'repeat', startsAt, repeatMinutes: 60, durationMinutes: 20 });
    expect((await page('repeat')).body).toMatchObject({ status: 'live', video_start_offset_seconds: 300 });
    t.clock.advance(20 * MINUTE);
    expect((await page('repeat')).body).toMatchObject({ status: 'countdown', countdown_to_utc_iso: new Date(startsAt.getTime() + 60 * MINUTE).toISOString() });
    t.clock.advance(36 * MINUTE);
    const second = await page('repeat');
    const secondStart = new Date(startsAt.getTime() + 60 * MINUTE);
    expect(second.body).toMatchObject({ status: 'live', playback_session_id: `${id}-${Math.floor(secondStart.getTime() / 1000)}`, video_start_offset_seconds: 60 });
  });

  it('is 404 for an unknown or inactive webinar', async () => {
    await addWebinar(t.app, owner.schoolId, { slug: 'hidden', startsAt: t.clock.now, isActive: false });
    for (const slug of ['hidden', 'no-such-webinar']) {
      const res = await page(slug);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'WEBINAR_NOT_FOUND' });
    }
  });

  it('answers other sites', async () => {
    await addWebinar(t.app, owner.schoolId, { slug: 'cors', startsAt: t.clock.now });
    const res = await t.app.inject({ method: 'GET', url: '/api/public/webinar/cors/', headers: { origin: 'https://landing.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GET /public/webinar_chat/playback/:id/messages/', () => {
  it('returns the scripted chat sorted by time', async () => {
    const id = await addWebinar(t.app, owner.schoolId, {
      slug: 'chat',
      startsAt: t.clock.now,
      chatScript: [
        { username: 'Б', message: 'второе', role: 'participant', timeshift_ms: 90_000 },
        { username: 'А', message: 'первое', role: 'moderator', timeshift_ms: 1_000 },
      ],
    });
    const sessionId = (await page('chat')).body!.playback_session_id as string;
    const res = await call(t.app, 'GET', `/api/public/webinar_chat/playback/${sessionId}/messages/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      all_scripted_messages: [
        { username: 'А', message: 'первое', role: 'moderator', timeshift_ms: 1_000 },
        { username: 'Б', message: 'второе', role: 'participant', timeshift_ms: 90_000 },
      ],
    });
    expect((await call(t.app, 'GET', `/api/public/webinar_chat/playback/${id}/messages/`)).body).toEqual(res.body);
  });

  it('is empty for a webinar without chat and 404 for unknown ids', async () => {
    const id = await addWebinar(t.app, owner.schoolId, { slug: 'quiet', startsAt: t.clock.now, hasChat: false, chatScript: [{ username: 'x', message: 'y', role: 'z', timeshift_ms: 1 }] });
    expect((await call(t.app, 'GET', `/api/public/webinar_chat/playback/${id}-1/messages/`)).body).toEqual({ all_scripted_messages: [] });
    for (const bad of ['999999-1', 'abc', '0']) {
      const res = await call(t.app, 'GET', `/api/public/webinar_chat/playback/${bad}/messages/`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'WEBINAR_NOT_FOUND' });
    }
  });
});
