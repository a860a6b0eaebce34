import { formatFileSize, type ApiAnswer } from '#core';

/** A stored file as the API lists it: the fields a link needs (its name, its signed link and its size). */
export type LinkedFile = Pick<ApiAnswer<'GET {school}/files/'>[number], 'id' | 'name' | 'url' | 'bytes'>;

export interface FileLinksProps {
  files: readonly LinkedFile[];
  /** The list's accessible name, when no heading names it. */
  label?: string;
  className?: string;
  /** Files that also get an audio player in place (nothing is fetched before «play»). */
  playable?: (file: LinkedFile) => boolean;
}

/**
 * Downloadable files, each a link with its size: a lesson's documents, a homework's task files and
 * the files of a homework thread. Links open in a new tab and download under the file's own name.
 */
export function FileLinks({ files, label, className, playable }: FileLinksProps) {
  return (
    <ul className={className} aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download={file.name} target="_blank" rel="noopener noreferrer">
            {file.name}
          </a>{' '}
          <span className="muted">{formatFileSize(file.bytes)}</span>
          {playable?.(file) ? <audio className="file-audio" controls preload="none" src={file.url} aria-label={file.name} /> : null}
        </li>
      ))}
    </ul>
  );
}
