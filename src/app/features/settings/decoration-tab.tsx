import { schoolSettingsMessages, commonMessages, PAGE_BACKGROUND, PLATFORM_ACCENT, readableColor, updateSchool } from '#core';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { FormError, FormField, SubmitButton } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pictureOf, SchoolPictureField, type Picture } from '../../ui/school-picture-field.tsx';
import { getBranding, patchBranding, type SchoolBranding } from './school-settings-api.ts';
import type { SettingsTabProps } from './settings-tabs.ts';

const m = schoolSettingsMessages;
const t = m.decoration;
/** The platform's own colours (app.css :root), shown while the school has none. */
export const PLATFORM_ACCENT_TEXT = '#ffffff';
const HEX = /^#[0-9a-f]{6}$/i;

const FIELDS = ['accent_color', 'accent_text_color', 'logo_file'] as const;
type Field = (typeof FIELDS)[number];

/**
 * «Оформление» (spec §2 settings/decoration): the school's main colour and the colour of text on it
 * (#RRGGBB, with a picker and a live sample), and the logo that replaces «CourseHub» in the school
 * area's header. The colours paint the school area and the widgets on the school's site.
 */
export default function DecorationTab({ school }: SettingsTabProps) {
  const resource = useResource(`school-branding-${school}`, () => getBranding(school));
  return (
    <PageFrame title={t.title} className="school-settings">
      {resource.error ? <LoadError message={resource.error.message} onRetry={resource.retry} /> : null}
      {resource.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {resource.data ? <DecorationForm school={school} initial={resource.data} /> : null}
    </PageFrame>
  );
}

function ColorField({ label, hint, value, fallback, error, onChange }: { label: string; hint: string; value: string; fallback: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <span className="color-field">
          <input {...control} type="text" inputMode="text" maxLength={7} placeholder={fallback} value={value} onChange={(event) => onChange(event.target.value)} spellCheck={false} />
          <input type="color" aria-label={label} value={HEX.test(value) ? value.toLowerCase() : fallback} onChange={(event) => onChange(event.target.value)} />
          <button type="button" className="button small secondary" onClick={() => onChange('')} disabled={value === ''}>
            {t.reset}
          </button>
        </span>
      )}
    </FormField>
  );
}

function DecorationForm({ school, initial }: { school: string; initial: SchoolBranding }) {
  const [accent, setAccent] = useState(initial.accent_color ?? '');
  const [accentText, setAccentText] = useState(initial.accent_text_color ?? '');
  const [logo, setLogo] = useState<Picture>(pictureOf(initial.logo_file, initial.logo));
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
    if (accent.trim() && !HEX.test(accent.trim())) local.accent_color = t.colorFormat;
    if (accentText.trim() && !HEX.test(accentText.trim())) local.accent_text_color = t.colorFormat;
    void submit(local, async () => {
      const branding = await patchBranding(school, { accent_color: accent.trim() || null, accent_text_color: accentText.trim() || null, logo_file: logo?.id ?? null });
      setAccent(branding.accent_color ?? '');
      setAccentText(branding.accent_text_color ?? '');
      setLogo(pictureOf(branding.logo_file, branding.logo));
      // The school area repaints at once.
      updateSchool({ accentColor: branding.accent_color, accentTextColor: branding.accent_text_color, logo: branding.logo });
      setSaved(true);
    });
  }

  // The school area paints with colours made to read (WCAG AA); the sample shows them as it will,
  // and a colour that had to move says so.
  const accentShown = HEX.test(accent) ? readableColor(accent, PAGE_BACKGROUND) : { color: PLATFORM_ACCENT, adjusted: false };
  const textShown = HEX.test(accentText) ? readableColor(accentText, accentShown.color) : { color: PLATFORM_ACCENT_TEXT, adjusted: false };
  const sample = { '--ch-accent': accentShown.color, '--ch-accent-contrast': textShown.color } as CSSProperties;

  return (
    <form className="settings-form" onSubmit={save} noValidate aria-label={t.title}>
      <p className="muted">{t.intro}</p>
      <ColorField label={t.accent} hint={t.accentHint} value={accent} fallback={PLATFORM_ACCENT} error={errors.accent_color} onChange={edit(setAccent)} />
      <ColorField label={t.accentText} hint={t.accentTextHint} value={accentText} fallback={PLATFORM_ACCENT_TEXT} error={errors.accent_text_color} onChange={edit(setAccentText)} />
      {accentShown.adjusted ? <p className="form-warning">{t.accentAdjusted(accent.toLowerCase(), accentShown.color)}</p> : null}
      {textShown.adjusted ? <p className="form-warning">{t.accentTextAdjusted(accentText.toLowerCase(), textShown.color)}</p> : null}
      <figure className="decoration-sample" style={sample}>
        <figcaption>{t.preview}</figcaption>
        <span className="button primary" aria-hidden="true">
          {t.previewButton}
        </span>
        <span className="decoration-sample-link" aria-hidden="true">
          {t.previewLink}
        </span>
      </figure>
      <SchoolPictureField school={school} title={t.logo} hint={t.logoHint} uploadLabel={t.logoUpload} alt={t.logoAlt} picture={logo} error={errors.logo_file} onChange={edit(setLogo)} />
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
