import { $school, chatMessages, commonMessages, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { CHAT_NAME_MAX_LENGTH, createChat, createPersonalChat, renameChat, searchStudents, type Chat, type StudentChoice } from './chat-api.ts';

const t = chatMessages;
const SEARCH_DELAY_MS = 300;

/** The school's students matching what is typed (a teacher's: their groups'), each rendered by the caller. */
function StudentSearch({ children }: { children: (students: StudentChoice[]) => ReactNode }) {
  const schoolId = useStore($school).schoolId;
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useResource(schoolId !== null ? `chat-students|${schoolId}|${term}` : null, () => searchStudents(schoolId ?? 0, term));
  return (
    <div className="chat-student-search">
      <TextField label={t.searchStudents} name="search" type="search" value={query} onChange={setQuery} hint={t.searchHint} />
      {found.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {found.error ? <LoadError message={found.error.message} onRetry={found.retry} /> : null}
      {found.data && found.data.length === 0 ? <p className="muted">{t.noStudentsFound}</p> : null}
      {found.data && found.data.length > 0 ? children(found.data) : null}
    </div>
  );
}

/** «Новый чат» (admin or teacher): a name and its members, chosen among the students. */
export function NewChatDialog({ school, onCreated, onClose }: { school: string; onCreated: (chat: Chat) => void; onClose: () => void }) {
  const membersId = useId();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<ReadonlyMap<number, StudentChoice>>(new Map());
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(student: StudentChoice, on: boolean) {
    setMembers((before) => {
      const next = new Map(before);
      if (on) next.set(student.id, student);
      else next.delete(student.id);
      return next;
    });
  }

  async function create() {
    const trimmed = name.trim();
    setNameError(trimmed ? null : t.chatNameRequired);
    if (!trimmed) return;
    if (members.size === 0) {
      setError(t.membersRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onCreated(await createChat(school, { name: trimmed, member_ids: [...members.keys()] }));
    } catch (cause) {
      const failure = toApiError(cause);
      const field = failure.fieldMessage('name');
      if (field) setNameError(field);
      else setError(failure.fieldMessage('member_ids') ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t.newChatTitle}
      onClose={onClose}
      className="chat-dialog"
      footer={
        <button type="button" className="button primary" disabled={busy} onClick={() => void create()}>
          {busy ? t.creating : t.create}
        </button>
      }
    >
      <TextField label={t.chatName} name="name" value={name} onChange={setName} error={nameError} required maxLength={CHAT_NAME_MAX_LENGTH} />
      <fieldset className="chat-members" aria-describedby={membersId}>
        <legend>{t.membersLabel}</legend>
        <p className="muted" id={membersId}>
          {[...members.values()].map((student) => student.name).join(', ') || t.membersRequired}
        </p>
        <StudentSearch>
          {(students) => (
            <ul className="chat-student-list">
              {students.map((student) => (
                <li key={student.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={members.has(student.id)} onChange={(event) => toggle(student, event.target.checked)} /> {student.name}{' '}
                    <span className="muted">{student.email}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </StudentSearch>
      </fieldset>
      <FormError message={error} />
    </Modal>
  );
}

/** «Написать» (admin or teacher): a student chosen opens the personal chat with them (made if need be). */
export function WriteDialog({ school, onOpened, onClose }: { school: string; onOpened: (chat: Chat) => void; onClose: () => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function write(student: StudentChoice) {
    setBusy(student.id);
    setError(null);
    try {
      onOpened(await createPersonalChat(school, { student_id: student.id }));
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal title={t.writeTitle} onClose={onClose} className="chat-dialog">
      <StudentSearch>
        {(students) => (
          <ul className="chat-student-list">
            {students.map((student) => (
              <li key={student.id}>
                <button type="button" className="button small secondary" disabled={busy !== null} onClick={() => void write(student)}>
                  {student.name}
                </button>{' '}
                <span className="muted">{student.email}</span>
              </li>
            ))}
          </ul>
        )}
      </StudentSearch>
      <FormError message={error} />
    </Modal>
  );
}

const RENAME_FIELDS = ['name'] as const;

/**
 * «Переименовать» (a custom chat's admin or teacher member): its name, prefilled, checked here
 * (required, the server's length) and then by the server, whose refusal shows under the field.
 */
export function RenameChatDialog({ school, chat, onRenamed, onClose }: { school: string; chat: Chat; onRenamed: (chat: Chat) => void; onClose: () => void }) {
  const [name, setName] = useState(chat.name);
  const { errors, formError, saving, submit } = useFormSubmit(RENAME_FIELDS, t.renameInvalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const local: FieldMessages<'name'> = {};
    if (!trimmed) local.name = t.chatNameRequired;
    else if (trimmed.length > CHAT_NAME_MAX_LENGTH) local.name = t.chatNameTooLong(CHAT_NAME_MAX_LENGTH);
    void submit(local, async () => onRenamed(await renameChat(school, chat.id, trimmed)));
  }

  return (
    <Modal title={t.renameTitle} onClose={onClose} className="chat-dialog">
      <form onSubmit={save} noValidate>
        <TextField label={t.chatName} name="name" value={name} onChange={setName} error={errors.name} required maxLength={CHAT_NAME_MAX_LENGTH} />
        {/* A refusal of the name alone says the same over the form as under the field: once is enough. */}
        <FormError message={formError === errors.name ? null : formError} />
        <div className="form-actions">
          <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
