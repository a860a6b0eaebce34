import { chatMessages, schoolPath, toApiError } from '#core';
import { useState } from 'react';
import { $router } from '../../router.ts';
import { createPersonalChat } from './chat-api.ts';

export type WriteTarget = { studentId: number } | { teacherId: number };

/**
 * «Написать ученику» / «Написать преподавателю» on another page: opens the personal chat with that
 * person (create_personal_chat gives the existing one if there is one) on the chat screen.
 */
export function WriteToChatButton({ school, to, className = 'button small secondary' }: { school: string; to: WriteTarget; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function write() {
    setBusy(true);
    setError(null);
    try {
      const body = 'studentId' in to ? { student_id: to.studentId } : { teacher_id: to.teacherId };
      const chat = await createPersonalChat(school, body);
      $router.open(schoolPath(school, `chat/${encodeURIComponent(chat.id)}`));
    } catch (cause) {
      setError(toApiError(cause).message);
      setBusy(false);
    }
  }

  return (
    <span className="write-to-chat">
      <button type="button" className={className} disabled={busy} onClick={() => void write()}>
        {busy ? chatMessages.opening : 'studentId' in to ? chatMessages.writeStudent : chatMessages.writeTeacher}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
