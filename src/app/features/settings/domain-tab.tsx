import { commonMessages, schoolDomainMessages, toApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { addDomain, changeDomain, loadDomain, removeDomain, verifyDomain, type SchoolDomain } from './domain-tab-api.ts';
import type { SettingsTabProps } from './settings-tabs.ts';

const t = schoolDomainMessages;
const when = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

interface FormState {
  value: string;
  error: string | null;
  formError: string | null;
}
const emptyForm = (value = ''): FormState => ({ value, error: null, formError: null });

/** The refusal of a domain: under the field when it names it, else for the whole form. */
function refusal(cause: unknown, value: string): FormState {
  const error = toApiError(cause);
  const field = error.fields?.domain_name?.[0] ?? null;
  return { value, error: field, formError: field ? null : error.message };
}

/** A value to put into DNS or a file, with its copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t.copied);
    } catch {
      showToast(t.copyFailed, 'error');
    }
  }
  return (
    <div className="domain-value">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <button type="button" className="button small secondary" aria-label={`${t.copy}: ${label.toLowerCase()}`} onClick={() => void copy()}>
          {t.copy}
        </button>
      </dd>
    </div>
  );
}

/** Where the school opens once its domain is verified: the platform's own scheme and port. */
function schoolAddress(domain: string): string {
  const port = typeof location === 'undefined' ? '' : location.port;
  const scheme = typeof location === 'undefined' ? 'https:' : location.protocol;
  return `${scheme}//${domain}${port ? `:${port}` : ''}/`;
}

/**
 * The settings tab `domain` (issue 14): the school adds its own domain, is shown the TXT record and
 * the file that prove it is theirs (each with a copy button), asks for the check («Проверить»: the
 * server says what it did not find), and changes or removes the domain after a confirmation.
 */
export default function DomainTab({ school }: SettingsTabProps) {
  const [version, setVersion] = useState(0);
  const domain = useResource(`school-domain-${school}-${version}`, () => loadDomain(school));
  const [form, setForm] = useState<FormState>(emptyForm());
  const [editing, setEditing] = useState<FormState | null>(null);
  const [pending, setPending] = useState<'remove' | 'change' | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<SchoolDomain | null>(null);
  const reload = () => setVersion((n) => n + 1);
  // The answer of the last check shows until the domain is loaded again.
  const current = checked && domain.data && checked.id === domain.data.id ? checked : (domain.data ?? null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await addDomain(school, form.value.trim());
      showToast(t.added);
      setForm(emptyForm());
      reload();
    } catch (cause) {
      setForm(refusal(cause, form.value));
    } finally {
      setBusy(false);
    }
  }

  async function verify(row: SchoolDomain) {
    setBusy(true);
    try {
      const result = await verifyDomain(school, row.id);
      setChecked(result);
      showToast(result.verified ? t.verifiedToast : t.notVerifiedToast, result.verified ? 'success' : 'error');
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function confirm(row: SchoolDomain) {
    const action = pending;
    setBusy(true);
    try {
      if (action === 'remove') {
        await removeDomain(school, row.id);
        showToast(t.removed);
      } else if (editing) {
        await changeDomain(school, row.id, editing.value.trim());
        showToast(t.changed);
        setEditing(null);
      }
      setChecked(null);
      reload();
    } catch (cause) {
      if (action === 'change' && editing) setEditing(refusal(cause, editing.value));
      else showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function startChange(event: FormEvent) {
    event.preventDefault();
    if (!editing || !current) return;
    if (editing.value.trim().toLowerCase() === current.domain_name) return setEditing(null);
    setPending('change');
  }

  return (
    <PageFrame title={t.title} className="domain-tab">
      <p className="domain-intro">{t.intro}</p>
      {domain.status === 'loading' && !domain.data ? <p role="status">{commonMessages.loading}</p> : null}
      {domain.error ? <LoadError message={t.loadFailed} onRetry={domain.retry} /> : null}
      {domain.status === 'ready' && !current ? (
        <form className="domain-form" onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label={t.field}
            name="domain_name"
            value={form.value}
            onChange={(value) => setForm({ ...form, value, error: null })}
            error={form.error}
            hint={t.fieldHint}
            maxLength={300}
            autoComplete="off"
            required
          />
          <FormError message={form.formError} />
          <button type="submit" className="button primary" disabled={busy || !form.value.trim()}>
            {t.add}
          </button>
        </form>
      ) : null}
      {current ? (
        <>
          <section className="domain-card" aria-label={current.domain_name}>
            <p className="domain-name">
              <strong>{current.domain_name}</strong>{' '}
              <span className={current.verified ? 'domain-status domain-verified' : 'domain-status domain-unverified'}>
                <span className="visually-hidden">{t.statusLabel}: </span>
                <span>{current.verified ? t.verified : t.unverified}</span>
              </span>
            </p>
            {current.verified_at ? <p className="domain-meta">{t.verifiedAt(when.format(new Date(current.verified_at)))}</p> : null}
            {current.last_check_at ? <p className="domain-meta">{t.lastCheck(when.format(new Date(current.last_check_at)))}</p> : null}
            <div role="status" aria-live="polite">
              {checked?.verified ? <p className="domain-check-ok">{t.verifiedToast}</p> : null}
              {current.last_check_error ? <p className="domain-check-error">{current.last_check_error}</p> : null}
            </div>
            {editing ? (
              <form className="domain-form" onSubmit={startChange} noValidate>
                <TextField
                  label={t.field}
                  name="domain_name"
                  value={editing.value}
                  onChange={(value) => setEditing({ ...editing, value, error: null })}
                  error={editing.error}
                  hint={t.fieldHint}
                  maxLength={300}
                  autoComplete="off"
                  required
                />
                <FormError message={editing.formError} />
                <div className="domain-actions">
                  <button type="submit" className="button primary" disabled={busy || !editing.value.trim()}>
                    {t.save}
                  </button>
                  <button type="button" className="button secondary" onClick={() => setEditing(null)}>
                    {t.cancel}
                  </button>
                </div>
              </form>
            ) : (
              <div className="domain-actions">
                <button type="button" className="button primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void verify(current)}>
                  {busy ? t.verifying : t.verify}
                </button>
                <button type="button" className="button secondary" disabled={busy} onClick={() => setEditing(emptyForm(current.domain_name))}>
                  {t.change}
                </button>
                <button type="button" className="button secondary danger" disabled={busy} onClick={() => setPending('remove')}>
                  {t.remove}
                </button>
              </div>
            )}
          </section>
          <details className="domain-proof" open={!current.verified}>
            <summary>{t.proveTitle}</summary>
            <p>{t.proveIntro}</p>
            <h2>{t.txtTitle}</h2>
            <dl>
              <CopyValue label={t.txtName} value={current.verification.txt_name} />
              <CopyValue label={t.txtValue} value={current.verification.txt_value} />
            </dl>
            <h2>{t.fileTitle}</h2>
            <dl>
              <CopyValue label={t.fileUrl} value={current.verification.file_url} />
              <CopyValue label={t.fileContent} value={current.verification.file_content} />
            </dl>
          </details>
          <p className="domain-serve">
            <strong>{t.serveTitle}.</strong> {t.serveText}{' '}
            {current.verified ? <a href={schoolAddress(current.domain_name)}>{schoolAddress(current.domain_name)}</a> : <code>{schoolAddress(current.domain_name)}</code>}
          </p>
          {pending === 'remove' ? (
            <ConfirmDialog
              title={t.confirmRemoveTitle}
              message={t.confirmRemove(current.domain_name)}
              confirmLabel={t.remove}
              danger
              busy={busy}
              onConfirm={() => void confirm(current)}
              onCancel={() => setPending(null)}
            />
          ) : null}
          {pending === 'change' && editing ? (
            <ConfirmDialog
              title={t.confirmChangeTitle}
              message={t.confirmChange(current.domain_name, editing.value.trim())}
              confirmLabel={t.change}
              busy={busy}
              onConfirm={() => void confirm(current)}
              onCancel={() => setPending(null)}
            />
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
}
