import { commonMessages, newslettersMessages, uiMessages } from '#core';
import { Suspense, useState, type FormEvent } from 'react';
import { FormError, FormField, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { RichTextEditor } from '../courses/index.ts';
import { createNewsletter, patchNewsletter, type NewsletterInput, type NewsletterTemplate } from './newsletters-api.ts';

const t = newslettersMessages;
const NAME_MAX = 200;
const TEXT_MAX = 50_000;

/** Whether the editor's HTML holds any words (an emptied editor leaves `<p></p>`). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

type Field = 'template_name' | 'text' | 'delay_days' | 'is_public';
const FIELDS: readonly Field[] = ['template_name', 'text', 'delay_days', 'is_public'];

/**
 * A template's form in a dialog: the name (the mail's subject), the text in the course
 * constructor's rich-text editor (loaded on first use), the delay in days and «Рассылать». Checked
 * here first, then the server's refusals under their fields; nothing typed is lost on a refusal.
 */
export function NewsletterForm({ school, template, onSaved, onClose }: { school: string; template: NewsletterTemplate | null; onSaved: (template: NewsletterTemplate) => void; onClose: () => void }) {
  const [name, setName] = useState(template?.template_name ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [delay, setDelay] = useState(String(template?.delay_days ?? 0));
  const [isPublic, setIsPublic] = useState(template?.is_public ?? false);
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, t.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Field> = {};
    if (!name.trim()) local.template_name = t.nameRequired;
    if (!hasText(text)) local.text = t.textRequired;
    else if (text.length > TEXT_MAX) local.text = t.textTooLong;
    const days = /^\d{1,4}$/.test(delay.trim()) ? Number(delay.trim()) : NaN;
    if (!(days >= 0 && days <= 3650)) local.delay_days = t.delayInvalid;
    const body: NewsletterInput = { template_name: name.trim(), text, delay_days: days, is_public: isPublic };
    void submit(local, async () => onSaved(template ? await patchNewsletter(school, template.id, body) : await createNewsletter(school, body)));
  }

  return (
    <Modal title={template ? t.formEdit : t.formCreate} onClose={onClose} className="newsletter-form-dialog">
      <form className="newsletter-form" onSubmit={save} noValidate>
        <TextField label={t.name} name="template_name" required value={name} onChange={setName} error={errors.template_name} maxLength={NAME_MAX} />
        <div className="field">
          <Suspense fallback={<p className="muted">{commonMessages.loading}</p>}>
            <RichTextEditor initial={template?.text ?? ''} label={t.text} onChange={setText} />
          </Suspense>
          {errors.text ? <span className="field-error">{errors.text}</span> : null}
        </div>
        <FormField label={t.delay} error={errors.delay_days} hint={t.delayHint}>
          {(control) => <input {...control} type="number" name="delay_days" min={0} max={3650} step={1} inputMode="numeric" value={delay} onChange={(event) => setDelay(event.target.value)} />}
        </FormField>
        <label className="check">
          <input type="checkbox" role="switch" name="is_public" checked={isPublic} aria-describedby="newsletter-public-hint" onChange={(event) => setIsPublic(event.target.checked)} /> {t.isPublic}
        </label>
        <p className="field-hint" id="newsletter-public-hint">
          {t.isPublicHint}
        </p>
        {errors.is_public ? <p className="field-error">{errors.is_public}</p> : null}
        <FormError message={formError} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
            {t.save}
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
