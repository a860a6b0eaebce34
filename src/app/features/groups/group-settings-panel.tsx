import { groupsMessages, toApiError, type ApiError } from '#core';
import { useId, useState, type FormEvent } from 'react';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { blockedReason, SETTING_KEYS, toggleSetting } from './group-settings-rules.ts';
import { patchGroup, type Group, type GroupSettings } from './groups-api.ts';

const t = groupsMessages;
const MAX_DAYS = 36500;

/** The group's settings, certificate and training duration: a form for the admin, a list for the teacher. */
export function GroupSettingsPanel({ school, group, admin, onSaved }: { school: string; group: Group; admin: boolean; onSaved: (group: Group) => void }) {
  const headingId = useId();
  return (
    <section className="group-panel group-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.settingsTitle}</h2>
      {admin ? <SettingsForm school={school} group={group} onSaved={onSaved} /> : <SettingsList group={group} />}
    </section>
  );
}

/** What a teacher sees: each setting and whether it is on, nothing to press. */
function SettingsList({ group }: { group: Group }) {
  const row = (label: string, value: string) => (
    <div key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="group-settings-list">
      {SETTING_KEYS.map((key) => row(t.settings[key], group.group_settings[key] ? t.on : t.off))}
      {row(t.certificate, group.certificate ? t.on : t.off)}
      {row(t.trainingDuration, group.training_duration ? String(group.training_duration) : t.unlimited)}
    </dl>
  );
}

function SettingsForm({ school, group, onSaved }: { school: string; group: Group; onSaved: (group: Group) => void }) {
  const id = useId();
  const [settings, setSettings] = useState<GroupSettings>(group.group_settings);
  const [certificate, setCertificate] = useState(group.certificate);
  const [duration, setDuration] = useState(String(group.training_duration));
  const [durationError, setDurationError] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const text = duration.trim();
    const days = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(days >= 0 && days <= MAX_DAYS)) {
      setDurationError(t.durationInvalid);
      return;
    }
    setDurationError(null);
    setBusy(true);
    try {
      const saved = await patchGroup(school, group.group_id, { group_settings: settings, certificate, training_duration: days });
      onSaved(saved);
      showToast(t.settingsSaved);
    } catch (cause) {
      // What was chosen stays on the form; the server's reason is shown above the button.
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="group-settings-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="group-flags">
        <legend className="visually-hidden">{t.settingsTitle}</legend>
        {SETTING_KEYS.map((key) => {
          const on = settings[key];
          const reason = blockedReason(settings, key);
          // A setting already on stays clickable even when it breaks a rule, so it can be switched off.
          const disabled = !on && reason !== null;
          const hintId = `${id}-${key}-hint`;
          return (
            <div key={key} className={`group-flag${disabled ? ' blocked' : ''}`}>
              <label className="check">
                <input
                  type="checkbox"
                  name={key}
                  checked={on}
                  disabled={disabled}
                  aria-describedby={reason ? hintId : undefined}
                  onChange={(event) => setSettings((current) => toggleSetting(current, key, event.target.checked))}
                />{' '}
                {t.settings[key]}
              </label>
              {reason ? (
                <span className="field-hint" id={hintId}>
                  {reason}
                </span>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="certificate" checked={certificate} onChange={(event) => setCertificate(event.target.checked)} /> {t.certificate}
      </label>
      <TextField
        label={t.trainingDuration}
        name="training_duration"
        inputMode="numeric"
        value={duration}
        onChange={setDuration}
        error={durationError ?? error?.fieldMessage('training_duration')}
        hint={t.trainingDurationHint}
        maxLength={5}
      />
      <FormError message={error && !error.fieldMessage('training_duration') ? (error.fieldMessage('group_settings') ?? error.message) : null} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.saving : t.saveSettings}
        </button>
      </div>
    </form>
  );
}
