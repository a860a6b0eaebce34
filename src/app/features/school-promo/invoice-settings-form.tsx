import { schoolPromoMessages, toApiError, uiMessages, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createInvoiceSettings, patchInvoiceSettings, type InvoiceSettings, type InvoiceSettingsInput } from './school-promo-api.ts';

const t = schoolPromoMessages.invoices;

type TextKey = Exclude<keyof InvoiceSettingsInput, 'is_default'>;

/** The text fields in form order, with their labels and limits (the server's). */
const FIELDS: readonly { key: TextKey; label: string; max: number; type?: 'email' | 'tel'; inputMode?: 'numeric' }[] = [
  { key: 'organization_name', label: t.organizationName, max: 300 },
  { key: 'tax_id', label: t.taxId, max: 50 },
  { key: 'address', label: t.address, max: 500 },
  { key: 'bank_name', label: t.bankName, max: 300 },
  { key: 'bank_code', label: t.bankCode, max: 50 },
  { key: 'bank_account', label: t.bankAccount, max: 64 },
  { key: 'email', label: t.email, max: 254, type: 'email' },
  { key: 'phone', label: t.phone, max: 20, type: 'tel' },
];

const empty = (): Record<TextKey, string> => ({ organization_name: '', tax_id: '', address: '', bank_name: '', bank_code: '', bank_account: '', email: '', phone: '', footer_text: '' });

export interface InvoiceSettingsFormProps {
  school: string;
  /** Null: new settings (the first ones become the default on the server). */
  settings: InvoiceSettings | null;
  onSaved: (settings: InvoiceSettings) => void;
  onClose: () => void;
}

/** Adding or changing a school's invoice settings in a dialog; refusals show under their fields, nothing typed is lost. */
export function InvoiceSettingsForm({ school, settings, onSaved, onClose }: InvoiceSettingsFormProps) {
  const [values, setValues] = useState<Record<TextKey, string>>(() => {
    const start = empty();
    if (settings) for (const key of Object.keys(start) as TextKey[]) start[key] = settings[key];
    return start;
  });
  const [isDefault, setIsDefault] = useState(settings?.is_default ?? false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: TextKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = values.organization_name.trim() ? {} : { organization_name: t.nameRequired };
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body: InvoiceSettingsInput = { ...values };
    // The default is only ever set (the server keeps exactly one); unticking it is not offered.
    if (isDefault && !settings?.is_default) body.is_default = true;
    setBusy(true);
    try {
      onSaved(settings ? await patchInvoiceSettings(school, settings.id, body) : await createInvoiceSettings(school, body));
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);

  return (
    <Modal title={settings ? t.editTitle : t.createTitle} onClose={onClose} className="invoice-settings-dialog">
      <form className="invoice-settings-form" onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            type={field.type}
            value={values[field.key]}
            onChange={set(field.key)}
            error={problem(field.key)}
            maxLength={field.max}
            required={field.key === 'organization_name'}
          />
        ))}
        <FormField label={t.footerText} error={problem('footer_text')}>
          {(control) => <textarea {...control} name="footer_text" rows={3} maxLength={2000} value={values.footer_text} onChange={(event) => set('footer_text')(event.target.value)} />}
        </FormField>
        <label className="check">
          <input type="checkbox" name="is_default" checked={isDefault} disabled={settings?.is_default === true} onChange={(event) => setIsDefault(event.target.checked)} /> {t.isDefault}
        </label>
        {problem('is_default') ? <span className="field-error">{problem('is_default')}</span> : null}
        <FormError message={error && !error.fields ? error.message : null} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
          <SubmitButton busy={busy} label={schoolPromoMessages.save} busyLabel={schoolPromoMessages.saving} />
        </div>
      </form>
    </Modal>
  );
}
