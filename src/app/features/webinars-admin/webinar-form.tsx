import { toApiError, uiMessages, webinarsAdminMessages, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FileUpload } from '../../ui/file-upload.tsx';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createWebinar, patchWebinar, putChatScript, scriptRole, uploadWebinarVideo, type ScriptLine, type ScriptRole, type WebinarDetail, type WebinarInput, type WebinarVideo } from './webinars-admin-api.ts';

const t = webinarsAdminMessages;

const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv';
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
const DAY = 24 * 60;
const WEEK = 7 * DAY;

/** Seconds as the editor shows them: 330 → '05:30', 3725 → '62:05'. */
export function offsetText(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** 'мм:сс' (minutes may pass 59; a bare number is seconds) → seconds, or null when it is neither. */
export function parseOffset(text: string): number | null {
  const clean = text.trim();
  const match = /^(\d{1,4}):([0-5]\d)$/.exec(clean);
  if (match) return Number(match[1]) * 60 + Number(match[2]);
  return /^\d{1,5}$/.test(clean) ? Number(clean) : null;
}

/** A YouTube link (watch, youtu.be, embed, shorts) or a bare id → the 11-character id, or null. */
export function youtubeId(text: string): string | null {
  const clean = text.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(clean)) return clean;
  const match = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(clean);
  return match ? match[1]! : null;
}

/** An instant as a datetime-local input shows it, in local time: '2026-12-31T18:30'. */
export function localDateTime(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A title as a page address: latin letters, digits and dashes ('Вебинар 1' → 'vebinar-1'). */
export function slugFrom(title: string): string {
  const map: Record<string, string> = {
    а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
    у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  };
  const latin = Array.from(title.toLowerCase(), (ch) => map[ch] ?? ch).join('');
  return latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100).replace(/-+$/, '');
}

type RepeatKind = 'none' | 'daily' | 'weekly' | 'custom';

function repeatKind(minutes: number | null): RepeatKind {
  if (minutes === null) return 'none';
  if (minutes === DAY) return 'daily';
  if (minutes === WEEK) return 'weekly';
  return 'custom';
}

/** A row of the chat script as typed. */
export interface DraftLine {
  key: number;
  offset: string;
  username: string;
  message: string;
  role: ScriptRole;
}

let nextKey = 1;
const draft = (line?: WebinarDetail['chat_script'][number]): DraftLine => ({
  key: nextKey++,
  offset: line ? offsetText(line.offset_seconds) : '',
  username: line?.username ?? '',
  message: line?.message ?? '',
  role: scriptRole(line?.role ?? 'participant'),
});

/** The rows in order of their time; rows whose time is not yet readable keep their place at the end. */
export function sortDraft(lines: readonly DraftLine[]): DraftLine[] {
  const time = (line: DraftLine) => parseOffset(line.offset) ?? Number.POSITIVE_INFINITY;
  return [...lines].sort((a, b) => time(a) - time(b));
}

export interface WebinarFormProps {
  school: string;
  /** Null: a new webinar. */
  webinar: WebinarDetail | null;
  onSaved: (webinar: WebinarDetail) => void;
  onClose: () => void;
}

/**
 * Creating or changing an autowebinar in a dialog: its title and page address, description, the
 * video (uploaded with progress, or a YouTube link), the schedule (first show, length, repeat), the
 * chat switches and the scripted chat (rows of time, author, role and text; added, removed, put in
 * order of time). Checked in Russian before sending; the server's refusals show under their fields.
 * The webinar is saved first, then its script (PUT, the whole list).
 */
export function WebinarForm({ school, webinar, onSaved, onClose }: WebinarFormProps) {
  const [title, setTitle] = useState(webinar?.title ?? '');
  const [slug, setSlug] = useState(webinar?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(Boolean(webinar));
  const [description, setDescription] = useState(webinar?.description ?? '');
  const [videoType, setVideoType] = useState<'upload' | 'youtube'>(webinar?.video_type ?? 'upload');
  const [video, setVideo] = useState<WebinarVideo | null>(webinar?.video_file ?? null);
  const [youtube, setYoutube] = useState(webinar?.youtube_video_id ?? '');
  const [startsAt, setStartsAt] = useState(webinar ? localDateTime(webinar.starts_at) : '');
  const [duration, setDuration] = useState(webinar ? String(webinar.duration_minutes) : '60');
  const [repeat, setRepeat] = useState<RepeatKind>(webinar ? repeatKind(webinar.repeat_minutes) : 'none');
  const [repeatMinutes, setRepeatMinutes] = useState(webinar?.repeat_minutes ? String(webinar.repeat_minutes) : '');
  const [hasChat, setHasChat] = useState(webinar?.has_chat ?? true);
  const [chatEnabled, setChatEnabled] = useState(webinar?.chat_enabled ?? true);
  const [active, setActive] = useState(webinar?.is_active ?? true);
  const [lines, setLines] = useState<DraftLine[]>(() => (webinar?.chat_script ?? []).map((line) => draft(line)));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<WebinarDetail | null>(webinar);

  const setLine = (key: number, change: Partial<DraftLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));

  function check(): Record<string, string> {
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = t.titleRequired;
    if (!SLUG.test(slug)) problems.slug = t.slugInvalid;
    if (videoType === 'upload' && !video && !webinar?.video_url) problems.video_file_id = t.videoRequired;
    if (videoType === 'youtube' && !youtubeId(youtube)) problems.youtube_video_id = t.youtubeInvalid;
    if (!startsAt || Number.isNaN(new Date(startsAt).getTime())) problems.starts_at = t.startsAtInvalid;
    if (!/^\d{1,4}$/.test(duration.trim()) || Number(duration) < 1 || Number(duration) > 1440) problems.duration_minutes = t.durationInvalid;
    if (repeat === 'custom' && (!/^\d{1,6}$/.test(repeatMinutes.trim()) || Number(repeatMinutes) < 1 || Number(repeatMinutes) > 525_600)) problems.repeat_minutes = t.repeatInvalid;
    lines.forEach((line, index) => {
      if (parseOffset(line.offset) === null) problems[`${index}.offset`] = t.offsetInvalid;
      if (!line.username.trim()) problems[`${index}.username`] = t.authorRequired;
      if (!line.message.trim()) problems[`${index}.message`] = t.textRequired;
    });
    return problems;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems = check();
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const repeatValue = repeat === 'none' ? null : repeat === 'daily' ? DAY : repeat === 'weekly' ? WEEK : Number(repeatMinutes);
    const body: WebinarInput = {
      title: title.trim(),
      slug,
      description: description.trim(),
      video_type: videoType,
      ...(videoType === 'upload' ? (video ? { video_file_id: video.id } : {}) : { youtube_video_id: youtubeId(youtube) }),
      starts_at: new Date(startsAt).toISOString(),
      duration_minutes: Number(duration),
      repeat_minutes: repeatValue,
      has_chat: hasChat,
      chat_enabled: chatEnabled,
      is_active: active,
    };
    // Sent in order of time, and shown so: the server's refusals name rows by their place.
    const ordered = sortDraft(lines);
    setLines(ordered);
    const script: ScriptLine[] = ordered.map((line) => ({ offset_seconds: parseOffset(line.offset)!, username: line.username.trim(), message: line.message.trim(), role: line.role }));
    setBusy(true);
    try {
      // A webinar saved before its script failed is changed, not created again.
      const stored = saved ? await patchWebinar(school, saved.id, body) : await createWebinar(school, body);
      setSaved(stored);
      try {
        const chat = await putChatScript(school, stored.id, script);
        onSaved({ ...stored, chat_script: chat });
      } catch (cause) {
        setError(toApiError(cause));
        setLocal({ form: t.scriptSaveFailed(toApiError(cause).message) });
      }
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);
  const formMessage = local.form ?? (error && !error.fields ? error.message : Object.keys(local).length ? t.fixErrors : null);

  return (
    <Modal title={webinar ? `${t.editTitle} «${webinar.title}»` : t.createTitle} onClose={onClose} className="webinars-admin-dialog">
      <form className="webinars-admin-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t.name}
          name="title"
          value={title}
          onChange={(value) => {
            setTitle(value);
            if (!slugTouched) setSlug(slugFrom(value));
          }}
          error={problem('title')}
          required
          maxLength={200}
        />
        <TextField
          label={t.slug}
          name="slug"
          value={slug}
          onChange={(value) => {
            setSlugTouched(true);
            setSlug(value.trim().toLowerCase());
          }}
          error={problem('slug')}
          hint={t.slugHint}
          required
          maxLength={100}
          autoComplete="off"
        />
        <FormField label={t.description} error={problem('description')}>
          {(control) => <textarea {...control} name="description" rows={3} maxLength={5000} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </FormField>

        <fieldset className="webinars-admin-video">
          <legend>{t.video}</legend>
          <label className="check">
            <input type="radio" name="video_type" checked={videoType === 'upload'} onChange={() => setVideoType('upload')} /> {t.videoUpload}
          </label>
          <label className="check">
            <input type="radio" name="video_type" checked={videoType === 'youtube'} onChange={() => setVideoType('youtube')} /> {t.videoYoutube}
          </label>
          {videoType === 'upload' ? (
            <>
              <p className="muted">{video ? t.videoCurrent(video.name) : webinar?.video_url ? t.videoLink : t.noVideo}</p>
              <FileUpload<WebinarVideo> label={t.uploadVideo} hint={t.videoHint} accept={VIDEO_ACCEPT} upload={(file, onProgress, signal) => uploadWebinarVideo(school, file, onProgress, signal)} onDone={setVideo} />
              {problem('video_file_id') ? (
                <p className="field-error" role="alert">
                  {problem('video_file_id')}
                </p>
              ) : null}
            </>
          ) : (
            <TextField label={t.youtube} name="youtube_video_id" value={youtube} onChange={setYoutube} error={problem('youtube_video_id')} maxLength={300} autoComplete="off" />
          )}
        </fieldset>

        <fieldset className="webinars-admin-schedule">
          <legend>{t.schedule}</legend>
          <FormField label={t.startsAt} error={problem('starts_at')}>
            {(control) => <input {...control} type="datetime-local" name="starts_at" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />}
          </FormField>
          <TextField label={t.duration} name="duration_minutes" inputMode="numeric" value={duration} onChange={setDuration} error={problem('duration_minutes')} />
          <FormField label={t.repeat} error={problem('repeat')}>
            {(control) => (
              <select {...control} name="repeat" value={repeat} onChange={(event) => setRepeat(event.target.value as RepeatKind)}>
                <option value="none">{t.repeatNone}</option>
                <option value="daily">{t.repeatDaily}</option>
                <option value="weekly">{t.repeatWeekly}</option>
                <option value="custom">{t.repeatCustom}</option>
              </select>
            )}
          </FormField>
          {repeat === 'custom' ? <TextField label={t.repeatMinutes} name="repeat_minutes" inputMode="numeric" value={repeatMinutes} onChange={setRepeatMinutes} error={problem('repeat_minutes')} /> : null}
        </fieldset>

        <fieldset className="webinars-admin-chat">
          <legend>{t.chat}</legend>
          <label className="check">
            <input type="checkbox" name="has_chat" checked={hasChat} onChange={(event) => setHasChat(event.target.checked)} /> {t.hasChat}
          </label>
          <label className="check">
            <input type="checkbox" name="chat_enabled" checked={chatEnabled} onChange={(event) => setChatEnabled(event.target.checked)} /> {t.chatEnabled}
          </label>
          <h3>{t.script}</h3>
          <p className="field-hint">{t.scriptHint}</p>
          {lines.length === 0 ? <p className="muted">{t.scriptEmpty}</p> : <p className="muted">{t.scriptCount(lines.length)}</p>}
          <ol className="webinars-admin-script">
            {lines.map((line, index) => (
              <li key={line.key} className="webinars-admin-line" aria-label={t.lineLabel(index + 1)}>
                <TextField label={t.offset} name={`offset-${index}`} value={line.offset} onChange={(value) => setLine(line.key, { offset: value })} error={problem(`${index}.offset`)} inputMode="numeric" maxLength={8} />
                <TextField label={t.author} name={`username-${index}`} value={line.username} onChange={(value) => setLine(line.key, { username: value })} error={problem(`${index}.username`)} maxLength={100} />
                <FormField label={t.role}>
                  {(control) => (
                    <select {...control} name={`role-${index}`} value={line.role} onChange={(event) => setLine(line.key, { role: scriptRole(event.target.value) })}>
                      <option value="participant">{t.participant}</option>
                      <option value="moderator">{t.moderator}</option>
                    </select>
                  )}
                </FormField>
                <FormField label={t.text} error={problem(`${index}.message`)}>
                  {(control) => <textarea {...control} name={`message-${index}`} rows={2} maxLength={2000} value={line.message} onChange={(event) => setLine(line.key, { message: event.target.value })} />}
                </FormField>
                <button type="button" className="button small secondary danger" aria-label={t.removeLineLabel(index + 1)} onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}>
                  {t.removeLine}
                </button>
              </li>
            ))}
          </ol>
          <div className="webinars-admin-script-actions">
            <button type="button" className="button small secondary" onClick={() => setLines((all) => [...all, draft()])}>
              {t.addLine}
            </button>
            <button type="button" className="button small secondary" disabled={lines.length < 2} onClick={() => setLines((all) => sortDraft(all))}>
              {t.sortLines}
            </button>
          </div>
        </fieldset>

        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
        </label>
        <FormError message={formMessage} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
          <SubmitButton busy={busy} label={t.save} busyLabel={t.saving} />
        </div>
      </form>
    </Modal>
  );
}
