import { commonMessages, invitesMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { FormError, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { createInvitesProgram, deleteInvitesProgram, getInvitesProgram, listSchoolGroups, patchInvitesProgram, type InvitesProgram } from './bonuses-admin-api.ts';
import { GroupPicker } from '../../ui/group-picker.tsx';

const t = invitesMessages;
const HTTP = /^https?:\/\/[^\s/]+/i;
const FIELDS = ['link', 'is_active', 'groups'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The settings tab «Приглашения» (spec invites_program, reference §4.2): the school's one invites
 * programme — its link, whether it is active (an active one needs a link) and the groups whose
 * students see it on «Бонусы»; created, saved, or deleted after a confirmation.
 */
export default function InvitesSettingsTab({ school }: { school: string }) {
  const [version, setVersion] = useState(0);
  const program = useResource(`${school}/invites_program?v=${version}`, () => getInvitesProgram(school));
  const [creating, setCreating] = useState(false);
  useDocumentTitle(t.title);
  const reload = () => {
    setCreating(false);
    setVersion((v) => v + 1);
  };
  return (
    <PageFrame title={t.title} className="offers-tab invites-tab">
      <p className="muted">{t.intro}</p>
      {program.error ? <LoadError message={program.error.message} onRetry={program.retry} /> : null}
      {program.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {program.status === 'ready' && !program.data && !creating ? (
        <EmptyState
          title={t.emptyTitle}
          text={t.emptyText}
          action={
            <button type="button" className="button primary" onClick={() => setCreating(true)}>
              {t.create}
            </button>
          }
        />
      ) : null}
      {program.status === 'ready' && (program.data || creating) ? <ProgramForm key={program.data?.id ?? 'new'} school={school} program={program.data} onChanged={reload} /> : null}
    </PageFrame>
  );
}

function ProgramForm({ school, program, onChanged }: { school: string; program: InvitesProgram | null; onChanged: () => void }) {
  const [link, setLink] = useState(program?.link ?? '');
  const [active, setActive] = useState(program?.is_active ?? true);
  const [groups, setGroups] = useState<number[]>(program?.groups ?? []);
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, t.invalid);
  const [confirming, setConfirming] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Field> = {};
    if (active && !link.trim()) local.link = t.activeNeedsLink;
    else if (link.trim() && !HTTP.test(link.trim())) local.link = t.linkInvalid;
    void submit(local, async () => {
      const body = { link: link.trim(), is_active: active, groups };
      await (program ? patchInvitesProgram(school, program.id, body) : createInvitesProgram(school, body));
      showToast(t.saved);
      onChanged();
    });
  }

  function remove() {
    if (!program) return;
    void submit({}, async () => {
      try {
        await deleteInvitesProgram(school, program.id);
        showToast(t.deleted);
        onChanged();
      } finally {
        setConfirming(false);
      }
    });
  }

  return (
    <form className="offer-form invites-form" onSubmit={save} noValidate>
      <TextField label={t.link} name="link" type="url" value={link} onChange={setLink} hint={t.linkHint} error={errors.link} maxLength={2000} />
      <label className="check">
        <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
      </label>
      {errors.is_active ? (
        <p className="field-error" role="alert">
          {errors.is_active}
        </p>
      ) : null}
      <GroupPicker school={school} load={() => listSchoolGroups(school)} selected={groups} onChange={setGroups} error={errors.groups} />
      <FormError message={formError} />
      <div className="form-actions">
        <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
        {program ? (
          <button type="button" className="button secondary danger-text" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        ) : null}
      </div>
      {confirming ? <ConfirmDialog title={t.confirmTitle} message={t.confirmText} confirmLabel={t.delete} danger busy={saving} onConfirm={remove} onCancel={() => setConfirming(false)} /> : null}
    </form>
  );
}
