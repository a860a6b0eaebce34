import { $user, ApiError, apiCall, commonMessages, Path, schoolNameFromTitle, signIn } from '#core';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { chooseSchool } from '../../sign-in.ts';

type Fields = Record<string, string[] | undefined>;

const FIELD_NAMES = ['school_name', 'email', 'phone_number', 'password', 'password_confirmation'];

/**
 * A newcomer creates a school and lands in its admin area (14-day free trial); a signed-in user
 * only names the school. Nothing typed is lost on an error.
 */
export default function CreateSchoolPage() {
  const user = useStore($user);
  const [form, setForm] = useState({ school_name: '', email: '', phone_number: '', password: '', password_confirmation: '' });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A field the person changes loses its old error (the server's too: it was about the old value);
  // the two passwords go together, as a mismatch is about both.
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [name]: event.target.value });
    const linked: string[] = name === 'password' || name === 'password_confirmation' ? ['password', 'password_confirmation'] : [name];
    if (!linked.some((key) => fields[key])) return;
    const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !linked.includes(key)));
    setFields(rest);
    // With the last field's error gone, the form-wide «check the fields» has nothing left to point at.
    if (!FIELD_NAMES.some((key) => rest[key])) setError(null);
  };
  const address = schoolNameFromTitle(form.school_name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setError(null);
    const body = user.auth
      ? { school_name: form.school_name, ...(form.phone_number ? { phone_number: form.phone_number } : {}) }
      : { ...form, ...(form.phone_number ? {} : { phone_number: undefined }) };
    try {
      const created = await apiCall(appSession().api, 'POST register-school-owner/', { body, auth: user.auth });
      if (!user.auth) signIn({ access: created.access, refresh: created.refresh, userId: created.user.id, email: created.user.email });
      chooseSchool({ school_id: created.school.school_id, name: created.school.name, title: created.school.title, header_school: null, role: 'Admin', is_owner: true, tariff_name: 'Start', active: true, contact_link: null });
    } catch (cause) {
      if (cause instanceof ApiError) {
        setFields((cause.fields ?? {}) as Fields);
        setError(cause.message);
      } else setError(commonMessages.unexpectedError);
      setBusy(false);
    }
  }

  const field = (name: keyof typeof form, label: string, type = 'text', autoComplete?: string) => (
    <label>
      {label}
      <input name={name} type={type} autoComplete={autoComplete} value={form[name]} onChange={set(name)} aria-invalid={Boolean(fields[name])} aria-describedby={fields[name] ? `${name}-error` : undefined} />
      {fields[name] ? (
        <span className="field-error" id={`${name}-error`}>
          {fields[name]!.join(' ')}
        </span>
      ) : null}
    </label>
  );

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>Создание школы</h1>
        <p className="muted">14 дней бесплатно: 1 курс и до 10 учеников.</p>
        {field('school_name', 'Название школы')}
        {address ? <p className="muted">Адрес школы: /school/{address}/</p> : null}
        {user.auth ? null : (
          <>
            {field('email', 'Email', 'email', 'email')}
            {field('phone_number', 'Телефон (необязательно)', 'tel', 'tel')}
            {field('password', 'Пароль', 'password', 'new-password')}
            {field('password_confirmation', 'Повторите пароль', 'password', 'new-password')}
          </>
        )}
        {error && !FIELD_NAMES.some((name) => fields[name]) ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Создание...' : 'Создать школу'}
        </button>
        {user.auth ? null : (
          <p className="auth-links">
            Уже есть аккаунт? <a href={Path.login}>Войти</a>
          </p>
        )}
      </form>
    </main>
  );
}
