import { employeesMessages, toApiError, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { inviteStaff, STAFF_ROLES, type StaffRole } from './employees-api.ts';

const t = employeesMessages;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * «Пригласить сотрудника»: an email and a role (administrator or teacher) sent to invite/; the
 * person joins the school when they accept the emailed invitation. The address is checked here
 * first; the server's refusals (already a member, the staff limit) show under the field or form.
 */
export function EmployeeInviteForm({ school, onInvited }: { school: string; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('Teacher');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    const address = email.trim();
    const problem = !address ? t.emailRequired : EMAIL.test(address) ? null : t.emailInvalid;
    setEmailError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await inviteStaff(school, address, role);
      setDone(t.invited(address));
      setEmail('');
      onInvited();
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const emailProblem = emailError ?? error?.fieldMessage('email');
  return (
    <section className="employees-invite" aria-labelledby="employees-invite-title">
      <h2 id="employees-invite-title">{t.inviteTitle}</h2>
      <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">{t.inviteText}</p>
        <TextField label={t.inviteEmail} name="email" type="email" autoComplete="off" maxLength={254} value={email} onChange={setEmail} error={emailProblem} required />
        <FormField label={t.inviteRole} error={error?.fieldMessage('role')}>
          {(control) => (
            <select {...control} name="role" value={role} onChange={(event) => setRole(event.target.value === 'Admin' ? 'Admin' : 'Teacher')}>
              {STAFF_ROLES.map((name) => (
                <option key={name} value={name}>
                  {t.roleNames[name]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormError message={error && !error.fieldMessage('email') && !error.fieldMessage('role') ? error.message : null} />
        <div className="form-actions">
          <SubmitButton busy={busy} label={t.invite} busyLabel={t.inviting} />
          {done ? (
            <p className="form-success" role="status">
              {done}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
