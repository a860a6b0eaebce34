import { learningMessages } from '#core';
import type { Progress } from './learning-api.ts';

const t = learningMessages;

/** A course's progress: a bar named «Прогресс», the percent and "N из M" lessons done. */
export function CourseProgress({ progress }: { progress: Progress }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress.percent)));
  const done = t.progressOf(progress.completed, progress.total);
  return (
    <div className="learning-progress">
      <progress max={100} value={percent} aria-label={t.progress} aria-valuetext={`${t.percent(percent)}, ${done}`} />
      <span className="learning-progress-figures">
        <strong>{t.percent(percent)}</strong> <span className="muted">{done}</span>
      </span>
    </div>
  );
}
