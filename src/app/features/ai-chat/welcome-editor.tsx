import { aiChatMessages as m, toApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { updateWelcome, type Welcome } from './ai-chat-api.ts';

/** The admin's greeting of the school's assistant ('' brings back the default), under «Приветствие ассистента». */
export function WelcomeEditor({ school, welcome, onSaved }: { school: string; welcome: Welcome; onSaved: (welcome: Welcome) => void }) {
  const [text, setText] = useState(welcome.welcome_message);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const saved = await updateWelcome(school, { welcome_message: text.trim() });
      setText(saved.welcome_message);
      onSaved(saved);
      setState({ kind: 'saved' });
    } catch (reason) {
      const error = toApiError(reason);
      setState({ kind: 'failed', message: error.fieldMessage('welcome_message') ?? error.message });
    }
  }

  return (
    <details className="ai-chat-welcome-editor">
      <summary>{m.welcomeEdit}</summary>
      <form onSubmit={(event) => void save(event)}>
        <label className="visually-hidden" htmlFor="ai-welcome-text">
          {m.welcomeEdit}
        </label>
        <textarea id="ai-welcome-text" value={text} maxLength={2000} rows={3} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button secondary small" disabled={state.kind === 'saving'}>
          {m.welcomeSave}
        </button>
        {state.kind === 'saved' ? <span role="status"> {m.welcomeSaved}</span> : null}
        {state.kind === 'failed' ? (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        ) : null}
      </form>
    </details>
  );
}
