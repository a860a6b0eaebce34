import { $school, commonMessages, schoolPath, schoolSettingsMessages, updateSchool } from '#core';
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pictureOf, SchoolPictureField, type Picture } from '../../ui/school-picture-field.tsx';
import { getHeader, getSchool, patchHeader, patchSchool, type SchoolHeader, type SchoolSettings } from './school-settings-api.ts';
import type { SettingsTabProps } from './settings-tabs.ts';
import { timeZoneOptions } from './time-zone-options.ts';

const m = schoolSettingsMessages;
const t = m.main;
const TITLE_MAX = 100;
const LINK_MAX = 500;
const HEADER_NAME_MAX = 256;
const DESCRIPTION_MAX = 10000;

const FIELDS = ['title', 'contact_link', 'offer_url', 'time_zone', 'video_watched_percent', 'header_name', 'description', 'logo_school_file', 'photo_background_file'] as const;
type Field = (typeof FIELDS)[number];

/**
 * «Основные» (spec §2 settings/main): the school's title, contact and offer links and time zone and the share of a
 * lesson's video a student watches (schools/{id}/),
 * its URL name shown read-only, and its header — name, description, logo and background
 * (school_headers/{id}/) — saved together with «Сохранить». The school area's header shows the new
 * title at once (the school state).
 */
export default function MainSettingsTab({ school }: SettingsTabProps) {
  const { schoolId, headerId } = useStore($school);
  const resource = useResource(schoolId === null ? null : `school-main-${schoolId}-${headerId ?? 'none'}`, async () => {
    const [settings, header] = await Promise.all([getSchool(schoolId!), headerId === null ? Promise.resolve(null) : getHeader(headerId)]);
    return { settings, header };
  });
  return (
    <PageFrame title={t.title} className="school-settings">
      {resource.error ? <LoadError message={resource.error.message} onRetry={resource.retry} /> : null}
      {resource.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {resource.data ? <MainForm school={school} initial={resource.data.settings} header={resource.data.header} /> : null}
    </PageFrame>
  );
}

function MainForm({ school, initial, header }: { school: string; initial: SchoolSettings; header: SchoolHeader | null }) {
  const [title, setTitle] = useState(initial.title);
  const [contactLink, setContactLink] = useState(initial.contact_link ?? '');
  const [offerUrl, setOfferUrl] = useState(initial.offer_url);
  const [timeZone, setTimeZone] = useState(initial.time_zone);
  const [videoWatched, setVideoWatched] = useState(String(initial.video_watched_percent));
  // The list is the same for the form's life: the saved zone is in it from the start.
  const zones = useMemo(() => timeZoneOptions(initial.time_zone), [initial.time_zone]);
  const [headerName, setHeaderName] = useState(header?.name ?? '');
  const [description, setDescription] = useState(header?.description ?? '');
  const [logo, setLogo] = useState<Picture>(pictureOf(header?.logo_school_file ?? null, header?.logo_school ?? null));
  const [background, setBackground] = useState<Picture>(pictureOf(header?.photo_background_file ?? null, header?.photo_background ?? null));
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, m.invalid, { name: 'header_name' });
  const [saved, setSaved] = useState(false);

  /** Any edit hides «Настройки сохранены»: it speaks of what was saved. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  function check(): FieldMessages<Field> {
    const local: FieldMessages<Field> = {};
    if (!title.trim()) local.title = t.required;
    else if (title.trim().length > TITLE_MAX) local.title = t.tooLong(TITLE_MAX);
    if (contactLink.trim().length > LINK_MAX) local.contact_link = t.tooLong(LINK_MAX);
    if (offerUrl.trim().length > LINK_MAX) local.offer_url = t.tooLong(LINK_MAX);
    if (!/^\d{1,3}$/.test(videoWatched.trim()) || Number(videoWatched) < 50 || Number(videoWatched) > 100) local.video_watched_percent = t.videoWatchedRange;
    if (header) {
      if (!headerName.trim()) local.header_name = t.required;
      else if (headerName.trim().length > HEADER_NAME_MAX) local.header_name = t.tooLong(HEADER_NAME_MAX);
      if (description.length > DESCRIPTION_MAX) local.description = t.tooLong(DESCRIPTION_MAX);
    }
    return local;
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const local = check();
    void submit(local, async () => {
      const settings = await patchSchool(initial.school_id, { title: title.trim(), contact_link: contactLink.trim() || null, offer_url: offerUrl.trim(), time_zone: timeZone, video_watched_percent: Number(videoWatched.trim()) });
      setTitle(settings.title);
      setContactLink(settings.contact_link ?? '');
      setOfferUrl(settings.offer_url);
      setTimeZone(settings.time_zone);
      setVideoWatched(String(settings.video_watched_percent));
      updateSchool({ schoolTitle: settings.title, contactLink: settings.contact_link ?? '' });
      if (header) {
        const savedHeader = await patchHeader(header.header_id, {
          name: headerName.trim(),
          description,
          logo_school_file: logo?.id ?? null,
          photo_background_file: background?.id ?? null,
        });
        setHeaderName(savedHeader.name);
        setDescription(savedHeader.description);
        setLogo(pictureOf(savedHeader.logo_school_file, savedHeader.logo_school));
        setBackground(pictureOf(savedHeader.photo_background_file, savedHeader.photo_background));
      }
      setSaved(true);
    });
  }

  return (
    <form className="settings-form" onSubmit={save} noValidate aria-label={t.title}>
      <p className="muted">{t.intro}</p>
      <TextField label={t.name} name="name" value={initial.name} onChange={() => undefined} hint={t.nameHint(`${location.origin}${schoolPath(initial.name)}`)} disabled />
      <TextField label={t.schoolTitle} name="title" value={title} onChange={edit(setTitle)} error={errors.title} maxLength={TITLE_MAX} required />
      <TextField label={t.contactLink} name="contact_link" type="url" value={contactLink} onChange={edit(setContactLink)} hint={t.contactHint} error={errors.contact_link} maxLength={LINK_MAX} />
      <TextField label={t.offerLink} name="offer_url" type="url" value={offerUrl} onChange={edit(setOfferUrl)} hint={t.offerHint} error={errors.offer_url} maxLength={LINK_MAX} />
      <FormField label={t.timeZone} error={errors.time_zone} hint={t.timeZoneHint}>
        {(control) => (
          <select {...control} name="time_zone" value={timeZone} onChange={(event) => edit(setTimeZone)(event.target.value)}>
            <optgroup label={t.timeZonesNear}>
              {zones.near.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={t.timeZonesAll}>
              {zones.all.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </FormField>
      <TextField
        label={t.videoWatched}
        name="video_watched_percent"
        type="number"
        inputMode="numeric"
        value={videoWatched}
        onChange={edit(setVideoWatched)}
        hint={t.videoWatchedHint}
        error={errors.video_watched_percent}
        required
      />
      {header ? (
        <fieldset className="settings-group">
          <legend>{t.header}</legend>
          <TextField label={t.headerName} name="header_name" value={headerName} onChange={edit(setHeaderName)} error={errors.header_name} maxLength={HEADER_NAME_MAX} required />
          <FormField label={t.description} error={errors.description} hint={t.descriptionHint}>
            {(control) => <textarea {...control} name="description" rows={4} value={description} maxLength={DESCRIPTION_MAX} onChange={(event) => edit(setDescription)(event.target.value)} />}
          </FormField>
          <SchoolPictureField school={school} title={t.logo} uploadLabel={t.logoUpload} alt={t.logoAlt} picture={logo} error={errors.logo_school_file} onChange={edit(setLogo)} />
          <SchoolPictureField
            school={school}
            title={t.background}
            uploadLabel={t.backgroundUpload}
            alt={t.backgroundAlt}
            picture={background}
            error={errors.photo_background_file}
            onChange={edit(setBackground)}
          />
        </fieldset>
      ) : null}
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
