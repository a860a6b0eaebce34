import { coursesMessages, LINK_BUTTON_COLOR, type LandingBlock, type LandingEntry } from '#core';
import { FormField, TextField } from '../../ui/form-field.tsx';

const t = coursesMessages.landing;

/** A field's server error by its path inside the block: 'title', 'items.0.question'. */
export type BlockErrors = (path: string) => string | undefined;

interface FormProps {
  entry: LandingEntry;
  /** The block with the admin's change; the caller stores and saves it. */
  onChange: (block: LandingBlock) => void;
  errorFor: BlockErrors;
}

/** One field of a list item, e.g. a FAQ question: a line, or a paragraph when `multiline`. */
interface ItemField<T> {
  name: keyof T & string;
  label: string;
  multiline?: boolean;
}

function TextArea({ label, value, onChange, error, hint }: { label: string; value: string; onChange: (value: string) => void; error?: string | undefined; hint?: string }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} rows={3} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/**
 * A block's items (cards, points, questions, reviews): each item's text fields, moved up or down,
 * removed, and a new empty one added at the end. Fields the items carry but the form leaves out
 * (uploaded photos) travel with their item.
 */
export function ItemsEditor<T extends object>({
  items,
  fields,
  empty,
  onChange,
  errorFor,
  error,
}: {
  items: readonly T[];
  fields: readonly ItemField<T>[];
  empty: T;
  onChange: (items: T[]) => void;
  /** An item field's error by 'index.field'. */
  errorFor: (path: string) => string | undefined;
  /** The list's own error (too many items). */
  error?: string | undefined;
}) {
  const set = (index: number, name: keyof T, value: string) => onChange(items.map((item, i) => (i === index ? { ...item, [name]: value } : item)));
  const swap = (index: number, other: number) => {
    const next = [...items];
    [next[index], next[other]] = [next[other]!, next[index]!];
    onChange(next);
  };
  return (
    <fieldset className="landing-items">
      <legend>{t.items}</legend>
      {items.length === 0 ? <p className="muted landing-hint">{t.noItems}</p> : null}
      {error ? <p className="field-error">{error}</p> : null}
      <ol>
        {items.map((item, index) => (
          <li key={index} className="landing-item">
            <div className="landing-item-head">
              <span className="landing-item-title">{t.item(index + 1)}</span>
              <button type="button" className="button small secondary" aria-label={t.itemUp(index + 1)} disabled={index === 0} onClick={() => swap(index, index - 1)}>
                ↑
              </button>
              <button type="button" className="button small secondary" aria-label={t.itemDown(index + 1)} disabled={index === items.length - 1} onClick={() => swap(index, index + 1)}>
                ↓
              </button>
              <button type="button" className="button small danger" onClick={() => onChange(items.filter((_, i) => i !== index))}>
                {t.removeItem(index + 1)}
              </button>
            </div>
            {fields.map((field) => {
              const value = String(item[field.name] ?? '');
              const error = errorFor(`${index}.${field.name}`);
              return field.multiline ? (
                <TextArea key={field.name} label={field.label} value={value} onChange={(text) => set(index, field.name, text)} error={error} />
              ) : (
                <TextField key={field.name} label={field.label} name={field.name} value={value} onChange={(text) => set(index, field.name, text)} error={error} />
              );
            })}
          </li>
        ))}
      </ol>
      <button type="button" className="button small secondary" onClick={() => onChange([...items, { ...empty }])}>
        {t.addItem}
      </button>
    </fieldset>
  );
}

/**
 * The form of one landing block by its content kind. Computed blocks (figures, the programme) and
 * the fixed request form keep only their texts editable and say where the rest comes from.
 */
export function LandingBlockForm({ entry, onChange, errorFor }: FormProps) {
  const { block } = entry;
  const text = (label: string, field: string, value: string, hint?: string) => (
    <TextField label={label} name={field} value={value} hint={hint} error={errorFor(field)} onChange={(next) => onChange({ ...block, [field]: next } as LandingBlock)} />
  );
  const paragraph = (label: string, field: string, value: string) => (
    <TextArea label={label} value={value} error={errorFor(field)} onChange={(next) => onChange({ ...block, [field]: next } as LandingBlock)} />
  );
  const itemErrors = (field: string) => (path: string) => errorFor(`${field}.${path}`);

  switch (block.content) {
    case 'header':
      return (
        <div className="landing-block-form">
          {text(t.courseName, 'name', block.name)}
          {paragraph(t.description, 'description', block.description)}
          {text(t.contactLink, 'contact_link', block.contact_link, t.contactHint)}
          <p className="muted landing-hint">{t.photoLater}</p>
        </div>
      );
    case 'stats':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          <p className="muted landing-hint">{t.statsNote}</p>
        </div>
      );
    case 'chips':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          {paragraph(t.description, 'description', block.description)}
          <ItemsEditor
            items={block.chips}
            fields={[{ name: 'title', label: t.title }, { name: 'description', label: t.description, multiline: true }]}
            empty={{ title: '', description: '', photo: '' }}
            onChange={(chips) => onChange({ ...block, chips })}
            errorFor={itemErrors('chips')}
            error={errorFor('chips')}
          />
          <p className="muted landing-hint">{t.photoLater}</p>
        </div>
      );
    case 'text':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          {paragraph(t.text, 'text', block.text)}
        </div>
      );
    case 'list':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          <ItemsEditor
            items={block.items}
            fields={[{ name: 'title', label: t.title }, { name: 'description', label: t.description, multiline: true }]}
            empty={{ title: '', description: '' }}
            onChange={(items) => onChange({ ...block, items })}
            errorFor={itemErrors('items')}
            error={errorFor('items')}
          />
        </div>
      );
    case 'faq':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          <ItemsEditor
            items={block.items}
            fields={[{ name: 'question', label: t.question }, { name: 'answer', label: t.answer, multiline: true }]}
            empty={{ question: '', answer: '' }}
            onChange={(items) => onChange({ ...block, items })}
            errorFor={itemErrors('items')}
            error={errorFor('items')}
          />
        </div>
      );
    case 'reviews':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          <ItemsEditor
            items={block.items}
            fields={[{ name: 'name', label: t.reviewer }, { name: 'text', label: t.review, multiline: true }]}
            empty={{ name: '', text: '', avatar: '' }}
            onChange={(items) => onChange({ ...block, items })}
            errorFor={itemErrors('items')}
            error={errorFor('items')}
          />
          <p className="muted landing-hint">{t.photoLater}</p>
        </div>
      );
    case 'program':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          <p className="muted landing-hint">{t.programNote}</p>
        </div>
      );
    case 'form':
      return (
        <div className="landing-block-form">
          {text(t.title, 'title', block.title)}
          {paragraph(t.description, 'description', block.description)}
          <p className="muted landing-hint">{t.formNote}</p>
        </div>
      );
    case 'button': {
      const color = /^#[0-9a-f]{6}$/i.test(block.color) ? block.color : LINK_BUTTON_COLOR;
      return (
        <div className="landing-block-form">
          {text(t.buttonName, 'name', block.name)}
          {text(t.buttonLink, 'link', block.link, t.buttonLinkHint)}
          <FormField label={t.buttonColor} error={errorFor('color')}>
            {(control) => (
              <span className="landing-color">
                <input {...control} type="color" value={color} onChange={(event) => onChange({ ...block, color: event.target.value.toUpperCase() })} />
                <code>{color}</code>
                <button type="button" className="button small secondary" disabled={color === LINK_BUTTON_COLOR} onClick={() => onChange({ ...block, color: LINK_BUTTON_COLOR })}>
                  {t.defaultColor}
                </button>
              </span>
            )}
          </FormField>
        </div>
      );
    }
    default:
      return null;
  }
}
