import { salesMessages, toApiError, uiMessages, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createMethod, patchMethod, type PaymentMethod, type PaymentMethodInput } from './sales-api.ts';

const t = salesMessages.methods;

export interface PaymentMethodFormProps {
  school: string;
  /** Null: a new method. */
  method: PaymentMethod | null;
  onSaved: (method: PaymentMethod) => void;
  onClose: () => void;
}

/**
 * Adding or changing a payment method in a dialog. The stored key is never shown: the field starts
 * empty and, left empty, keeps it; typing a new one replaces it. Refusals show under their fields.
 */
export function PaymentMethodForm({ school, method, onSaved, onClose }: PaymentMethodFormProps) {
  const [provider, setProvider] = useState<PaymentMethod['payment_method']>(method?.payment_method ?? 'prodamus');
  const [name, setName] = useState(method?.payment_method_name ?? '');
  const [accountNo, setAccountNo] = useState(method?.account_no ?? '');
  const [paymentUrl, setPaymentUrl] = useState(method?.payment_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [active, setActive] = useState(method?.is_active ?? true);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.payment_method_name = t.nameRequired;
    if (provider === 'prodamus') {
      // The server's rules, checked first: Prodamus signs with the key at the form's address.
      const url = paymentUrl.trim();
      if (!url) problems.payment_url = t.paymentUrlRequired;
      else if (!/^https?:\/\/[^\s/]+/i.test(url)) problems.payment_url = t.paymentUrlInvalid;
      if (!apiKey.trim() && !method?.has_api_key) problems.api_key = t.apiKeyRequired;
    }
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body: PaymentMethodInput = { payment_method: provider, payment_method_name: name.trim(), account_no: accountNo.trim(), payment_url: paymentUrl.trim(), is_active: active };
    if (apiKey.trim()) body.api_key = apiKey;
    setBusy(true);
    try {
      onSaved(method ? await patchMethod(school, method.id, body) : await createMethod(school, body));
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);
  const keyHint = method?.has_api_key ? `${t.apiKeyStored(method.api_key_last4)}. ${t.apiKeyHint}` : t.apiKeyHint;

  return (
    <Modal title={method ? t.editTitle : t.createTitle} onClose={onClose} className="payment-method-dialog">
      <form className="payment-method-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.provider} error={problem('payment_method')}>
          {(control) => (
            <select {...control} name="payment_method" value={provider} onChange={(event) => setProvider(event.target.value as PaymentMethod['payment_method'])}>
              {Object.entries(t.providers).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField label={t.name} name="payment_method_name" value={name} onChange={setName} error={problem('payment_method_name')} maxLength={100} required />
        {provider === 'prodamus' ? (
          <>
            <TextField label={t.accountNo} name="account_no" value={accountNo} onChange={setAccountNo} error={problem('account_no')} maxLength={200} />
            <TextField label={t.paymentUrl} name="payment_url" type="url" value={paymentUrl} onChange={setPaymentUrl} error={problem('payment_url')} maxLength={2000} />
            <TextField label={t.apiKey} name="api_key" type="password" autoComplete="off" value={apiKey} onChange={setApiKey} error={problem('api_key')} hint={keyHint} maxLength={500} />
          </>
        ) : null}
        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.isActive}
        </label>
        <FormError message={error && !error.fields ? error.message : null} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
          <SubmitButton busy={busy} label={salesMessages.save} busyLabel={salesMessages.saving} />
        </div>
      </form>
    </Modal>
  );
}
