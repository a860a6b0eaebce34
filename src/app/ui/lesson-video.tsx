import { lessonBlockMessages, playedPercent, playedRanges, videoEmbed } from '#core';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';

const t = lessonBlockMessages;

/** How much of one video the student watched: `duration` is known for the page's own <video> only. */
export interface VideoProgress {
  percent: number;
  duration: number | null;
}

/** What the embedded players may do (full screen: `allowfullscreen`; in `allow` too, Chromium warns of the two). */
const ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';

/**
 * A lesson's video block (issue 25): an uploaded video in the page's own <video> (its frame at
 * 0.1 s as the poster: the `#t=` media fragment, so no poster file is needed), a YouTube, Vimeo,
 * RuTube or VK Video link in the host's player (built from the parsed id, lazily loaded), any
 * other link as a link. With `onProgress` (the student's lesson page) it tells how much was
 * watched: the <video>'s played ranges; for a host's player or a link the student's «Я посмотрел»,
 * available once they started it.
 */
export function LessonVideo({ url, videoUrl, onProgress }: { url: string | null; videoUrl?: string | null; onProgress?: (progress: VideoProgress) => void }) {
  const embed = useMemo(() => (url ? videoEmbed(url) : null), [url]);
  if (videoUrl) {
    const report = (event: SyntheticEvent<HTMLVideoElement>) => {
      const video = event.currentTarget;
      onProgress?.({ percent: playedPercent(playedRanges(video.played), video.duration), duration: Number.isFinite(video.duration) ? video.duration : null });
    };
    return (
      <video
        controls
        preload="metadata"
        src={`${videoUrl}#t=0.1`}
        aria-label={t.video}
        onTimeUpdate={onProgress ? report : undefined}
        onEnded={onProgress ? report : undefined}
        onPause={onProgress ? report : undefined}
      />
    );
  }
  if (!url) return null;
  return <ExternalVideo url={url} embed={embed} onProgress={onProgress} />;
}

function ExternalVideo({ url, embed, onProgress }: { url: string; embed: ReturnType<typeof videoEmbed>; onProgress?: (progress: VideoProgress) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [started, setStarted] = useState(false);
  const hintId = useId();
  // A click into a cross-origin player moves the focus into its frame: the window loses it.
  useEffect(() => {
    if (!embed || !onProgress || started) return;
    const onBlur = () => {
      if (document.activeElement === frame.current) setStarted(true);
    };
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, [embed, onProgress, started]);
  return (
    <>
      {embed ? (
        <div className="video-embed">
          <iframe
            ref={frame}
            src={embed.src}
            title={t.videoPlayer(t.videoHosts[embed.host] ?? embed.host)}
            allow={ALLOW}
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            onFocus={() => setStarted(true)}
          />
        </div>
      ) : (
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={() => setStarted(true)}>
          {t.watchVideo}
        </a>
      )}
      {onProgress ? (
        <p className="video-watched">
          <button
            type="button"
            className="button secondary small"
            disabled={!started}
            aria-describedby={started ? undefined : hintId}
            onClick={() => onProgress({ percent: 100, duration: null })}
          >
            {t.watchedButton}
          </button>
          {started ? null : (
            <span id={hintId} className="muted">
              {t.watchedButtonHint}
            </span>
          )}
        </p>
      ) : null}
    </>
  );
}
