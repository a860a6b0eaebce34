import { commonMessages, schoolSettingsMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { FormError, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pictureOf, SchoolPictureField, type Picture } from '../../ui/school-picture-field.tsx';
import { getBranding, getDocument, patchBranding, patchDocument, type SchoolBranding, type SchoolDocument } from './school-settings-api.ts';
import type { SettingsTabProps } from './settings-tabs.ts';

const m = schoolSettingsMessages;
const t = m.passport;
const TEXT_MAX = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TAX_ID = /^(\d{9}|\d{10}|\d{12})$/;

const FIELDS = ['full_organization_name', 'unp', 'address', 'email', 'phone', 'stamp_file', 'signature_file'] as const;
type Field = (typeof FIELDS)[number];

/**
 * «Паспорт школы» (spec §2 settings/passport): the organisation's legal details (full name, УНП or
 * ИНН, address, email, phone; {school}/school_branding/) and the admin's own stamp and signature
 * ({school}/school_document/), which the school's certificates show when a course's template has
 * none. Saved together with «Сохранить».
 */
export default function PassportTab({ school }: SettingsTabProps) {
  const resource = useResource(`school-passport-${school}`, async () => {
    const [branding, document] = await Promise.all([getBranding(school), getDocument(school)]);
    return { branding, document };
  });
  return (
    <PageFrame title={t.title} className="school-settings">
      {resource.error ? <LoadError message={resource.error.message} onRetry={resource.retry} /> : null}
      {resource.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {resource.data ? <PassportForm school={school} branding={resource.data.branding} document={resource.data.document} /> : null}
    </PageFrame>
  );
}

function PassportForm({ school, branding, document }: { school: string; branding: SchoolBranding; document: SchoolDocument }) {
  const [organization, setOrganization] = useState(branding.full_organization_name);
  const [unp, setUnp] = useState(branding.unp);
  const [address, setAddress] = useState(branding.address);
  const [email, setEmail] = useState(branding.email);
  const [phone, setPhone] = useState(branding.phone);
  const [stamp, setStamp] = useState<Picture>(pictureOf(document.stamp_file, document.stamp));
  const [signature, setSignature] = useState<Picture>(pictureOf(document.signature_file, document.signature));
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, m.invalid);
  const [saved, setSaved] = useState(false);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const local: FieldMessages<Field> = {};
    if (unp.trim() && !TAX_ID.test(unp.trim())) local.unp = t.unpFormat;
    if (email.trim() && !EMAIL.test(email.trim())) local.email = t.emailFormat;
    if (organization.trim().length > TEXT_MAX) local.full_organization_name = m.main.tooLong(TEXT_MAX);
    if (address.trim().length > TEXT_MAX) local.address = m.main.tooLong(TEXT_MAX);
    void submit(local, async () => {
      const details = await patchBranding(school, { full_organization_name: organization.trim(), unp: unp.trim(), address: address.trim(), email: email.trim(), phone: phone.trim() });
      setOrganization(details.full_organization_name);
      setUnp(details.unp);
      setAddress(details.address);
      setEmail(details.email);
      setPhone(details.phone);
      const pictures = await patchDocument(school, { stamp_file: stamp?.id ?? null, signature_file: signature?.id ?? null });
      setStamp(pictureOf(pictures.stamp_file, pictures.stamp));
      setSignature(pictureOf(pictures.signature_file, pictures.signature));
      setSaved(true);
    });
  }

  return (
    <form className="settings-form" onSubmit={save} noValidate aria-label={t.title}>
      <p className="muted">{t.intro}</p>
      <TextField label={t.organization} name="full_organization_name" value={organization} onChange={edit(setOrganization)} error={errors.full_organization_name} maxLength={TEXT_MAX} autoComplete="organization" />
      <TextField label={t.unp} name="unp" value={unp} onChange={edit(setUnp)} hint={t.unpHint} error={errors.unp} maxLength={12} inputMode="numeric" />
      <TextField label={t.address} name="address" value={address} onChange={edit(setAddress)} error={errors.address} maxLength={TEXT_MAX} autoComplete="street-address" />
      <TextField label={t.email} name="email" type="email" value={email} onChange={edit(setEmail)} error={errors.email} maxLength={254} autoComplete="email" />
      <TextField label={t.phone} name="phone" type="tel" value={phone} onChange={edit(setPhone)} error={errors.phone} maxLength={30} autoComplete="tel" />
      <fieldset className="settings-group">
        <legend>{t.documents}</legend>
        <p className="muted">{t.documentsIntro}</p>
        <SchoolPictureField school={school} title={t.stamp} uploadLabel={t.stampUpload} alt={t.stampAlt} picture={stamp} error={errors.stamp_file} onChange={edit(setStamp)} />
        <SchoolPictureField school={school} title={t.signature} uploadLabel={t.signatureUpload} alt={t.signatureAlt} picture={signature} error={errors.signature_file} onChange={edit(setSignature)} />
      </fieldset>
      <FormError message={formError} />
      <div className="form-actions">
        <SubmitButton busy={saving} label={m.save} busyLabel={m.saving} />
        {saved ? (
          <p className="form-success" role="status">
            {m.saved}
          </p>
        ) : null}
      </div>
    </form>
  );
}
