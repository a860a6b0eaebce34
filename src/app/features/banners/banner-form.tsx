import { bannerMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { GroupPicker } from '../../ui/group-picker.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { createBanner, listGroupChoices, patchBanner, type Banner, type BannerInput } from './banners-api.ts';

const t = bannerMessages;
const HTTP = /^https?:\/\/[^\s/]+/i;
type Field = 'title' | 'description' | 'link' | 'is_active' | 'groups';
const FIELDS: readonly Field[] = ['title', 'description', 'link', 'is_active', 'groups'];

/**
 * A banner's form in a dialog: title, description, link, switched on or not, the groups (a new
 * banner without any goes to every group). Checked here first, then the server's refusals under
 * their fields; nothing typed is lost on a refusal.
 */
export function BannerForm({ school, banner, onSaved, onClose }: { school: string; banner: Banner | null; onSaved: (banner: Banner) => void; onClose: () => void }) {
  const [title, setTitle] = useState(banner?.title ?? '');
  const [description, setDescription] = useState(banner?.description ?? '');
  const [link, setLink] = useState(banner?.link ?? '');
  const [active, setActive] = useState(banner?.is_active ?? false);
  const [groups, setGroups] = useState<number[]>(banner?.groups ?? []);
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, t.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Field> = {};
    if (!title.trim()) local.title = t.titleRequired;
    if (link.trim() && !HTTP.test(link.trim())) local.link = t.linkInvalid;
    // A new banner with no group chosen goes to all of them (the server's default).
    const body: BannerInput = { title: title.trim(), description: description.trim(), link: link.trim(), is_active: active, ...(banner || groups.length ? { groups } : {}) };
    void submit(local, async () => onSaved(banner ? await patchBanner(school, banner.id, body) : await createBanner(school, body)));
  }

  return (
    <Modal title={banner ? t.formEdit : t.formCreate} onClose={onClose} className="offer-form-dialog">
      <form className="offer-form" onSubmit={save} noValidate>
        <TextField label={t.titleField} name="title" required value={title} onChange={setTitle} error={errors.title} maxLength={255} />
        <FormField label={t.description} error={errors.description}>
          {(control) => <textarea {...control} name="description" rows={3} maxLength={5000} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </FormField>
        <TextField label={t.link} name="link" type="url" value={link} onChange={setLink} hint={t.linkHint} error={errors.link} maxLength={2000} />
        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
        </label>
        <GroupPicker school={school} load={() => listGroupChoices(school)} selected={groups} onChange={setGroups} error={errors.groups} hint={banner ? undefined : t.groupsHint} />
        <FormError message={formError} />
        <div className="form-actions">
          <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
