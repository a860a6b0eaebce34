import { coursesMessages } from '#core';
import { useId, useState } from 'react';
import { patchBlock, type Block, type CourseFile } from './course-api.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { SaveStatus } from './save-status.tsx';
import { ServerHtml } from '../../ui/server-html.tsx';
import { PictureUploadField, VideoUploadField } from './upload-fields.tsx';
import { useAutosave } from './use-autosave.ts';

const t = coursesMessages;
/** The languages the server highlights (anything else is shown as plain text). */
export const CODE_LANGUAGES = ['plaintext', 'python', 'javascript', 'typescript', 'java', 'c', 'cpp', 'csharp', 'go', 'php', 'ruby', 'sql', 'html', 'css', 'json', 'bash', 'kotlin', 'swift', 'rust'];
const MAX_BUTTONS = 4;

type Button = { name: string; link: string; color?: string };

/**
 * One block's editor, by its type; every change is saved by itself (text and code after a pause
 * or on leaving the field) and the block's own status says how that went. What the server
 * renders (highlighted code, MathML) is shown from its answer.
 */
export function BlockEditor({ school, block, onSaved }: { school: string; block: Block; onSaved: (block: Block) => void }) {
  const id = useId();
  const save = useAutosave<Record<string, unknown>, Block>((patch) => patchBlock(school, block.id, patch), onSaved);
  const [code, setCode] = useState(block.code ?? '');
  const [language, setLanguage] = useState(block.language ?? 'plaintext');
  const [formula, setFormula] = useState(block.formula ?? '');
  const [url, setUrl] = useState(block.url ?? '');
  const [picture, setPicture] = useState(block.picture ?? '');
  const [buttons, setButtons] = useState<Button[]>(block.buttons?.length ? block.buttons : [{ name: '', link: '' }]);

  const changeButtons = (next: Button[]) => {
    setButtons(next);
    // A row still being filled in is not sent: the server would refuse the whole block.
    const complete = next.filter((button) => button.name.trim() && button.link.trim());
    if (complete.length === next.length) save.change({ buttons: complete });
  };

  let body;
  switch (block.type) {
    case 'description':
      body = <RichTextEditor initial={block.description ?? ''} onChange={(html) => save.change({ description: html })} onBlur={save.flush} />;
      break;
    case 'code':
      body = (
        <>
          <div className="field">
            <label htmlFor={`${id}-language`}>{t.language}</label>
            <select
              id={`${id}-language`}
              value={language}
              onChange={(event) => {
                setLanguage(event.target.value);
                save.change({ code, language: event.target.value });
                save.flush();
              }}
            >
              {CODE_LANGUAGES.map((own) => (
                <option key={own} value={own}>
                  {own}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-code`}>{t.code}</label>
            <textarea
              id={`${id}-code`}
              className="code-input"
              rows={6}
              spellCheck={false}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                save.change({ code: event.target.value, language });
              }}
              onBlur={save.flush}
            />
          </div>
          {block.code_html ? (
            <figure className="rendered">
              <figcaption className="muted">{t.codePreview}</figcaption>
              <ServerHtml className="code-html" html={block.code_html} />
            </figure>
          ) : null}
        </>
      );
      break;
    case 'formula':
      body = (
        <>
          <div className="field">
            <label htmlFor={`${id}-formula`}>{t.formula}</label>
            <input
              id={`${id}-formula`}
              className="code-input"
              spellCheck={false}
              value={formula}
              onChange={(event) => {
                setFormula(event.target.value);
                save.change({ formula: event.target.value });
              }}
              onBlur={save.flush}
            />
          </div>
          {block.formula_html ? (
            <figure className="rendered">
              <figcaption className="muted">{t.formulaPreview}</figcaption>
              <ServerHtml className="formula-block" html={block.formula_html} />
            </figure>
          ) : null}
        </>
      );
      break;
    case 'video':
    case 'picture': {
      const video = block.type === 'video';
      const value = video ? url : picture;
      const uploaded = video ? block.video_url : block.picture_url;
      const onUploaded = (file: CourseFile) => {
        // The file replaces any link: the server keeps one or the other.
        (video ? setUrl : setPicture)('');
        save.change(video ? { video_file: file.id } : { picture_file: file.id });
        save.flush();
      };
      body = (
        <>
          {uploaded ? (
            <figure className="rendered uploaded-media">
              {video ? <video controls preload="metadata" src={uploaded} aria-label={t.uploads.currentVideo} /> : <img src={uploaded} alt={t.uploads.currentPicture} />}
            </figure>
          ) : null}
          {video ? (
            <VideoUploadField school={school} lessonId={block.base_lesson} onUploaded={onUploaded} />
          ) : (
            <PictureUploadField school={school} lessonId={block.base_lesson} onUploaded={onUploaded} />
          )}
          <div className="field">
            <label htmlFor={`${id}-url`}>{video ? t.videoUrl : t.pictureUrl}</label>
            <input
              id={`${id}-url`}
              type="url"
              value={value}
              aria-describedby={video ? `${id}-hint` : undefined}
              onChange={(event) => {
                (video ? setUrl : setPicture)(event.target.value);
                save.change(video ? { url: event.target.value } : { picture: event.target.value });
              }}
              onBlur={save.flush}
            />
            {video ? (
              <span id={`${id}-hint`} className="field-hint">
                {t.videoHint}
              </span>
            ) : null}
          </div>
        </>
      );
      break;
    }
    case 'buttons':
      body = (
        <fieldset className="block-buttons">
          <legend>{t.blockTypes.buttons}</legend>
          {buttons.map((button, index) => (
            <div key={index} className="button-row">
              <label htmlFor={`${id}-name-${index}`}>{t.buttonName}</label>
              <input
                id={`${id}-name-${index}`}
                value={button.name}
                onChange={(event) => changeButtons(buttons.map((own, i) => (i === index ? { ...own, name: event.target.value } : own)))}
                onBlur={save.flush}
              />
              <label htmlFor={`${id}-link-${index}`}>{t.buttonLink}</label>
              <input
                id={`${id}-link-${index}`}
                type="url"
                value={button.link}
                onChange={(event) => changeButtons(buttons.map((own, i) => (i === index ? { ...own, link: event.target.value } : own)))}
                onBlur={save.flush}
              />
              {buttons.length > 1 ? (
                <button type="button" className="icon-button danger" aria-label={t.removeButton(index + 1)} onClick={() => changeButtons(buttons.filter((_, i) => i !== index))}>
                  <span aria-hidden="true">✕</span>
                </button>
              ) : null}
            </div>
          ))}
          {buttons.length < MAX_BUTTONS ? (
            <button type="button" className="button small secondary" onClick={() => setButtons([...buttons, { name: '', link: '' }])}>
              + {t.addButton}
            </button>
          ) : (
            <p className="muted">{t.buttonsMax}</p>
          )}
        </fieldset>
      );
      break;
    default:
      body = null;
  }

  return (
    <div className="block-editor">
      {body}
      <SaveStatus state={save.state} onRetry={save.flush} />
    </div>
  );
}
