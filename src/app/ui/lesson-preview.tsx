import { lessonBlockMessages, readableColor, type ApiAnswer } from '#core';
import { LessonVideo, type VideoProgress } from './lesson-video.tsx';
import { ServerHtml } from './server-html.tsx';

const t = lessonBlockMessages;

/** A link button in its author's colour, darkened where white text would not read on it (WCAG AA). */
function buttonStyle(color: string) {
  return /^#[\da-f]{6}$/i.test(color) ? { background: readableColor(color, '#ffffff').color, color: '#fff' } : { background: color };
}

/** A lesson block as `{school}/blocks/` answers it. */
type Block = ApiAnswer<'POST {school}/blocks/'>;

/**
 * A block as the renderer reads it: the course editor's blocks and the student's lesson detail both
 * fit. HTML fields are the server's own (sanitised rich text, highlighted code, MathML formulas);
 * the signed links of an uploaded video or picture may be left out.
 */
export type ViewBlock = Pick<Block, 'id' | 'type' | 'description' | 'code_html' | 'formula_html' | 'url' | 'picture' | 'buttons'> &
  Partial<Pick<Block, 'video_url' | 'picture_url'>>;

/**
 * A lesson's blocks as a student sees them. Only what the server made is injected as HTML: rich
 * text it sanitised, code it highlighted (escaping the code), formulas it rendered as MathML.
 * Links, pictures and uploaded videos (their signed links) are plain attributes; a video host's
 * player is built from the parsed video id (lesson-video.tsx); React escapes the rest.
 * Framework-only: no editor, highlighter or math library comes with it (the student's lesson page budget).
 */
/**
 * Without `name` (a page whose heading names the lesson already) the article is named `label`,
 * «Материалы урока» by default; `empty` is said when there are no blocks (a homework's task says its own).
 * `onVideoProgress` (the student's lesson page): how much of each video block was watched.
 */
export function LessonPreview({
  name,
  blocks,
  label = t.content,
  empty = t.empty,
  onVideoProgress,
}: {
  name?: string;
  blocks: readonly ViewBlock[];
  label?: string;
  empty?: string;
  onVideoProgress?: (blockId: number, progress: VideoProgress) => void;
}) {
  return (
    <article className="lesson-preview" aria-label={name ? undefined : label}>
      {name ? <h2>{name}</h2> : null}
      {blocks.length === 0 ? <p className="muted">{empty}</p> : null}
      {blocks.map((block) => (
        <div key={block.id} className={`preview-block ${block.type}`}>
          <PreviewBlock block={block} onVideoProgress={onVideoProgress} />
        </div>
      ))}
    </article>
  );
}

function PreviewBlock({ block, onVideoProgress }: { block: ViewBlock; onVideoProgress?: (blockId: number, progress: VideoProgress) => void }) {
  switch (block.type) {
    case 'description':
      return <ServerHtml className="rich-text-view" html={block.description ?? ''} />;
    case 'code':
      return <ServerHtml className="code-html" html={block.code_html ?? ''} />;
    case 'formula':
      return <ServerHtml className="formula-block" html={block.formula_html ?? ''} />;
    case 'video':
      return <LessonVideo url={block.url} videoUrl={block.video_url} onProgress={onVideoProgress ? (progress) => onVideoProgress(block.id, progress) : undefined} />;
    case 'picture':
      return block.picture_url || block.picture ? <img src={block.picture_url ?? block.picture ?? undefined} alt={t.pictureAlt} loading="lazy" /> : null;
    case 'buttons':
      return (
        <div className="link-buttons">
          {(block.buttons ?? []).map((button, index) => (
            <a key={index} className="button primary" href={button.link} target="_blank" rel="noopener noreferrer" style={buttonStyle(button.color)}>
              {button.name}
            </a>
          ))}
        </div>
      );
    default:
      return null;
  }
}
