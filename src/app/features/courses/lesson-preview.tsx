import { coursesMessages } from '#core';
import type { Block } from './course-api.ts';
import { ServerHtml } from './server-html.tsx';

const t = coursesMessages;

/**
 * A lesson's blocks as a student sees them. Only what the server made is injected as HTML: rich
 * text it sanitised, code it highlighted (escaping the code), formulas it rendered as MathML.
 * Links, pictures and uploaded videos (their signed links) are plain attributes; React escapes the rest.
 */
export function LessonPreview({ name, blocks }: { name: string; blocks: readonly Block[] }) {
  return (
    <article className="lesson-preview">
      <h2>{name}</h2>
      {blocks.length === 0 ? <p className="muted">{t.previewEmpty}</p> : null}
      {blocks.map((block) => (
        <div key={block.id} className={`preview-block ${block.type}`}>
          <PreviewBlock block={block} />
        </div>
      ))}
    </article>
  );
}

function PreviewBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'description':
      return <ServerHtml className="rich-text-view" html={block.description ?? ''} />;
    case 'code':
      return <ServerHtml className="code-html" html={block.code_html ?? ''} />;
    case 'formula':
      return <ServerHtml className="formula-block" html={block.formula_html ?? ''} />;
    case 'video':
      if (block.video_url) return <video controls preload="metadata" src={block.video_url} aria-label={t.uploads.currentVideo} />;
      return block.url ? (
        <a href={block.url} target="_blank" rel="noopener noreferrer">
          {t.watchVideo}
        </a>
      ) : null;
    case 'picture':
      return block.picture_url || block.picture ? <img src={block.picture_url ?? block.picture ?? undefined} alt={t.pictureAlt} loading="lazy" /> : null;
    case 'buttons':
      return (
        <div className="link-buttons">
          {(block.buttons ?? []).map((button, index) => (
            <a key={index} className="button primary" href={button.link} target="_blank" rel="noopener noreferrer" style={{ background: button.color }}>
              {button.name}
            </a>
          ))}
        </div>
      );
    default:
      return null;
  }
}
