import { $user, ApiError, apiCall, appMessages, commonMessages, setTokens, type ApiAnswer, type ApiBody } from '#core';
import { useEffect, useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { FormError, FormField, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { TelegramSection } from '../telegram/index.ts';
import { codeProblem, FormFooter, formProblem, NO_PROBLEM, type FormProblem } from './account-fields.tsx';

/** email_change_pending: a new address waiting for its code. */
export type Profile = ApiAnswer<'GET profile/'>;
type ProfileChanges = ApiBody<'PATCH profile/{id}/'>;

type Saved = (profile: Profile) => void;
const t = appMessages.account;
const changeProfile = (profile: Profile, body: ProfileChanges) => apiCall(appSession().api, 'PATCH profile/{id}/', { path: { id: profile.profile_id }, body });

/** The signed-in user's profile in the school area: personal data, photo, email and password. */
export default function ProfilePage() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setError(null);
    apiCall(appSession().api, 'GET profile/').then(
        (reply) => current && setProfile(reply),
        (cause: unknown) => current && setError(cause instanceof ApiError ? cause.message : commonMessages.unexpectedError),
      );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (error) {
    return <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} small={false} />;
  }
  if (!profile) return <p role="status">{t.profileLoading}</p>;

  return (
    <div className="profile-page">
      <h1>{t.profileTitle}</h1>
      <PersonalForm profile={profile} onSaved={setProfile} />
      <AvatarForm profile={profile} onSaved={setProfile} />
      <EmailForm profile={profile} onSaved={setProfile} />
      <PasswordForm />
      <TelegramSection />
    </div>
  );
}

const USER_FIELDS = ['first_name', 'last_name', 'patronymic', 'phone_number'] as const;
const OWN_FIELDS = ['city', 'sex', 'description'] as const;
/** The values the select offers, as the server takes them. */
const SEXES = ['', 'М', 'Ж'] as const satisfies readonly ProfileChanges['sex'][];
type Personal = Record<(typeof USER_FIELDS)[number] | (typeof OWN_FIELDS)[number], string>;
// The server names a user field 'user.first_name' in its field errors.
const PERSONAL_ERROR_KEYS = [...USER_FIELDS.map((name) => `user.${name}`), ...OWN_FIELDS];

function personalOf(profile: Profile): Personal {
  const { user } = profile;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    patronymic: user.patronymic,
    phone_number: user.phone_number ?? '',
    city: profile.city,
    sex: profile.sex,
    description: profile.description,
  };
}

/** Only what differs from the stored profile, in the shape PATCH profile/{id}/ takes. */
export function personalPatch(profile: Profile, form: Personal): ProfileChanges | null {
  const before = personalOf(profile);
  const user: NonNullable<ProfileChanges['user']> = {};
  const patch: ProfileChanges = {};
  for (const name of USER_FIELDS) if (form[name] !== before[name]) user[name] = form[name];
  for (const name of ['city', 'description'] as const) if (form[name] !== before[name]) patch[name] = form[name];
  const sex = SEXES.find((value) => value === form.sex);
  if (form.sex !== before.sex && sex !== undefined) patch.sex = sex;
  if (Object.keys(user).length) patch.user = user;
  return Object.keys(patch).length ? patch : null;
}

function PersonalForm({ profile, onSaved }: { profile: Profile; onSaved: Saved }) {
  const [form, setForm] = useState<Personal>(() => personalOf(profile));
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Personal) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  const errorOf = (name: string) => problem.fields[name];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(NO_PROBLEM);
    const patch = personalPatch(profile, form);
    if (!patch) {
      setNotice(t.noChanges);
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved = await changeProfile(profile, patch);
      onSaved(saved);
      setForm(personalOf(saved)); // the server trims what it stores
      setNotice(t.saved);
    } catch (cause) {
      setProblem(formProblem(cause, PERSONAL_ERROR_KEYS));
    }
    setBusy(false);
  }

  return (
    <form className="auth-card wide" onSubmit={submit} noValidate aria-labelledby="profile-personal-title">
      <h2 id="profile-personal-title">{t.personalTitle}</h2>
      <TextField id="user.last_name" name="user.last_name" label={t.lastName} autoComplete="family-name" value={form.last_name} onChange={set('last_name')} error={errorOf('user.last_name')} />
      <TextField id="user.first_name" name="user.first_name" label={t.firstName} autoComplete="given-name" value={form.first_name} onChange={set('first_name')} error={errorOf('user.first_name')} />
      <TextField id="user.patronymic" name="user.patronymic" label={t.patronymic} autoComplete="additional-name" value={form.patronymic} onChange={set('patronymic')} error={errorOf('user.patronymic')} />
      <TextField id="user.phone_number" name="user.phone_number" label={t.phone} type="tel" autoComplete="tel" value={form.phone_number} onChange={set('phone_number')} error={errorOf('user.phone_number')} />
      <TextField id="city" name="city" label={t.city} autoComplete="address-level2" value={form.city} onChange={set('city')} error={errorOf('city')} />
      <FormField id="sex" label={t.sex} error={errorOf('sex')}>
        {(control) => (
          <select {...control} name="sex" value={form.sex} onChange={(e) => set('sex')(e.target.value)}>
            <option value="">{t.sexNone}</option>
            <option value="М">{t.sexMale}</option>
            <option value="Ж">{t.sexFemale}</option>
          </select>
        )}
      </FormField>
      <FormField id="description" label={t.description} error={errorOf('description')}>
        {(control) => <textarea {...control} name="description" rows={4} maxLength={5000} value={form.description} onChange={(e) => set('description')(e.target.value)} />}
      </FormField>
      <FormFooter problem={problem} notice={notice} busy={busy} label={t.save} busyLabel={t.saving} />
    </form>
  );
}

function AvatarForm({ profile, onSaved }: { profile: Profile; onSaved: Saved }) {
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be set from state: a new key gives an empty one after an upload.
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = problem.fields.avatar;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (!file) {
      setProblem({ fields: { avatar: t.avatarPick }, message: null });
      return;
    }
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body = new FormData();
    body.append('avatar', file);
    try {
      // A multipart body, which apiCall's JSON body type does not take; the answer is the contract's.
      onSaved(await appSession().api.patch<Profile>(`profile/${profile.profile_id}/`, body));
      setFile(null);
      setInputKey((n) => n + 1);
      setNotice(t.avatarSaved);
    } catch (cause) {
      setProblem(formProblem(cause, ['avatar']));
    }
    setBusy(false);
  }

  return (
    <form className="auth-card wide" onSubmit={submit} noValidate aria-labelledby="profile-avatar-title">
      <h2 id="profile-avatar-title">{t.avatarTitle}</h2>
      {profile.avatar_url ? <img className="profile-avatar" src={profile.avatar_url} alt={t.avatarAlt} width={96} height={96} /> : <p className="muted">{t.avatarNone}</p>}
      <FormField id="avatar" label={t.avatarFile} error={error}>
        {(control) => <input {...control} key={inputKey} name="avatar" type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </FormField>
      <FormFooter problem={problem} notice={notice} busy={busy} label={t.avatarUpload} busyLabel={t.avatarUploading} />
    </form>
  );
}

function EmailForm({ profile, onSaved }: { profile: Profile; onSaved: Saved }) {
  const [email, setEmail] = useState('');
  // The address whose code is awaited; a code sent earlier (say, before a reload) is still awaited.
  const [pending, setPending] = useState<string | null>(profile.email_change_pending ?? null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);

  async function send(address: string) {
    setBusy('send');
    setProblem(NO_PROBLEM);
    setNotice(null);
    try {
      const saved = await changeProfile(profile, { user: { email: address } });
      onSaved(saved);
      setPending(saved.email_change_pending ?? address);
      setCode('');
    } catch (cause) {
      setProblem(formProblem(cause, ['user.email']));
    }
    setBusy(null);
  }

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address.toLowerCase() === profile.user.email.toLowerCase()) {
      setProblem({ fields: { 'user.email': t.emailSame }, message: null });
      return;
    }
    await send(address);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    setBusy('confirm');
    setProblem(NO_PROBLEM);
    setNotice(null);
    try {
      const saved = await apiCall(appSession().api, 'POST email-confirm/', { body: { email: pending, code: code.trim() } });
      onSaved(saved);
      $user.set({ ...$user.get(), email: saved.user.email });
      setPending(null);
      setEmail('');
      setCode('');
      setNotice(t.emailChanged);
    } catch (cause) {
      setProblem(codeProblem(cause));
    }
    setBusy(null);
  }

  const title = (
    <>
      <h2 id="profile-email-title">{t.emailTitle}</h2>
      <p className="muted">
        {t.emailCurrent} <strong>{profile.user.email}</strong>
      </p>
    </>
  );

  if (pending) {
    return (
      <form className="auth-card wide" onSubmit={submitCode} noValidate aria-labelledby="profile-email-title">
        {title}
        <p role="status">
          {t.emailCodeSent} <strong>{pending}</strong>
        </p>
        <TextField id="email-code" name="email-code" label={t.code} autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={code} onChange={setCode} error={problem.fields.code} />
        <FormError message={problem.message} />
        <button type="submit" className="button primary" disabled={busy !== null}>
          {busy === 'confirm' ? t.emailConfirming : t.emailConfirm}
        </button>
        <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void send(pending)}>
          {busy === 'send' ? t.resending : t.resend}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy !== null}
          onClick={() => {
            setEmail((typed) => typed || pending);
            setPending(null);
            setProblem(NO_PROBLEM);
          }}
        >
          {t.emailChangeAddress}
        </button>
      </form>
    );
  }

  return (
    <form className="auth-card wide" onSubmit={submitEmail} noValidate aria-labelledby="profile-email-title">
      {title}
      <TextField id="user.email" name="user.email" label={t.emailNew} type="email" autoComplete="email" value={email} onChange={setEmail} error={problem.fields['user.email']} />
      <FormFooter problem={problem} notice={notice} busy={busy !== null} label={t.emailSend} busyLabel={t.emailSending} />
    </form>
  );
}

const PASSWORD_FIELDS = ['old_password', 'new_password', 'new_password_again'] as const;
type Passwords = Record<(typeof PASSWORD_FIELDS)[number], string>;
const NO_PASSWORDS: Passwords = { old_password: '', new_password: '', new_password_again: '' };

function PasswordForm() {
  const [form, setForm] = useState<Passwords>(NO_PASSWORDS);
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Passwords) => (value: string) => setForm((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(NO_PROBLEM);
    setNotice(null);
    try {
      const reply = await apiCall(appSession().api, 'POST change-password/', { body: form });
      // The server ends every other session and gives this one fresh tokens.
      setTokens({ access: reply.access, refresh: reply.refresh });
      setForm(NO_PASSWORDS);
      setNotice(reply.detail);
    } catch (cause) {
      setProblem(formProblem(cause, PASSWORD_FIELDS));
    }
    setBusy(false);
  }

  return (
    <form className="auth-card wide" onSubmit={submit} noValidate aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{t.passwordTitle}</h2>
      <TextField id="old_password" name="old_password" label={t.oldPassword} type="password" autoComplete="current-password" value={form.old_password} onChange={set('old_password')} error={problem.fields.old_password} />
      <TextField id="new_password" name="new_password" label={t.newPassword} type="password" autoComplete="new-password" value={form.new_password} onChange={set('new_password')} error={problem.fields.new_password} />
      <TextField
        id="new_password_again"
        name="new_password_again"
        label={t.newPasswordAgain}
        type="password"
        autoComplete="new-password"
        value={form.new_password_again}
        onChange={set('new_password_again')}
        error={problem.fields.new_password_again}
      />
      <FormFooter problem={problem} notice={notice} busy={busy} label={t.passwordSubmit} busyLabel={t.passwordSubmitting} />
    </form>
  );
}
