import { employeesMessages, toApiError, uiMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { assignRole, memberName, MEMBER_ROLES, type MemberRole, type SchoolUser } from './employees-api.ts';

const t = employeesMessages;
const isMemberRole = (value: string): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value);

export interface EmployeeRoleDialogProps {
  schoolId: number;
  user: SchoolUser;
  onChanged: () => void;
  onClose: () => void;
}

/**
 * «Изменить роль»: the member's main role chosen from a list and given with assign_role (the server
 * swaps it, keeps the last administrator and counts the plan's staff limit; its refusal shows here).
 */
export function EmployeeRoleDialog({ schoolId, user, onChanged, onClose }: EmployeeRoleDialogProps) {
  const [role, setRole] = useState<string>(user.role);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isMemberRole(role) || role === user.role) return onClose();
    setBusy(true);
    setError(null);
    try {
      await assignRole(schoolId, user.id, role);
      onChanged();
    } catch (cause) {
      setError(toApiError(cause).message);
      setBusy(false);
    }
  }

  return (
    <Modal title={t.changeRoleTitle(memberName(user))} onClose={onClose} className="employee-role-dialog">
      <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.newRole}>
          {(control) => (
            <select {...control} name="role" value={role} onChange={(event) => setRole(event.target.value)}>
              {MEMBER_ROLES.map((name) => (
                <option key={name} value={name}>
                  {t.roleNames[name]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined}>
            {t.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
