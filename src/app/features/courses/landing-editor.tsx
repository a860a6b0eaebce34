import {
  canMoveBlock,
  commonMessages,
  coursesMessages,
  LANDING_BLOCK_KEYS,
  landingWithDefaults,
  moveBlock,
  orderedBlocks,
  resetLanding,
  toApiError,
  type ApiError,
  type Landing,
  type LandingBlock,
  type LandingBlockKey,
  type MoveDirection,
} from '#core';
import { useEffect, useRef, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { getCourseLanding, patchCourseLanding, type CourseLandingAnswer, type LandingPatch } from './course-api.ts';
import { LandingBlockForm } from './landing-block-form.tsx';
import { LandingPreview } from './landing-preview.tsx';
import { SaveStatus } from './save-status.tsx';
import { useAutosave } from './use-autosave.ts';

const t = coursesMessages.landing;

// Filled from the course on every read, or fixed by the block's kind: never sent. The header's
// background photo is an upload (to come), so the editor leaves it as stored.
const NOT_SENT = new Set(['content', 'onlyShow', 'canUp', 'canDown', 'lessonCount', 'sections', 'photoBackground']);

/** What the PATCH takes for a block: its place, visibility and texts (items with their photos). */
export function editableFields(block: LandingBlock): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([field]) => !NOT_SENT.has(field)));
}

/** The `page` tab: the course's landing loaded, then its constructor. */
export default function LandingEditor({ school, courseId }: { school: string; courseId: number }) {
  const answer = useResource(`course-landing-${school}-${courseId}`, () => getCourseLanding(school, courseId));
  if (answer.error) return <LoadError message={answer.error.message} onRetry={answer.retry} />;
  if (!answer.data) return <p role="status">{commonMessages.loading}</p>;
  return <LandingConstructor key={`${school}-${courseId}`} school={school} courseId={courseId} initial={answer.data} />;
}

/**
 * The 17 blocks in page order, each with a visibility switch, up and down (core's rules: moving
 * swaps ids, the header and the closing button stay), and its form on demand. Every change is
 * saved by itself: the changed blocks whole, so a later change to a block replaces the earlier one
 * still waiting; «Сбросить» sends null for every block but the header. Beside the blocks (below
 * them on a narrow screen), the live preview.
 */
function LandingConstructor({ school, courseId, initial }: { school: string; courseId: number; initial: CourseLandingAnswer }) {
  const [landing, setLanding] = useState<Landing>(() => landingWithDefaults(initial.landing));
  const latest = useRef(landing);
  const [open, setOpen] = useState<LandingBlockKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useAutosave<LandingPatch, CourseLandingAnswer>(async (patch) => {
    try {
      const saved = await patchCourseLanding(school, courseId, patch);
      setError(null);
      return saved;
    } catch (cause) {
      setError(toApiError(cause));
      throw cause;
    }
  });

  // A refused field opens its block, so the admin sees the message under it.
  useEffect(() => {
    const field = Object.keys(error?.fields ?? {})[0];
    const key = field?.split('.')[1];
    if (key && (LANDING_BLOCK_KEYS as readonly string[]).includes(key)) setOpen(key as LandingBlockKey);
  }, [error]);

  function update(next: Landing, patch: LandingPatch) {
    latest.current = next;
    setLanding(next);
    setNotice(null);
    save.change(patch);
  }

  function replace(key: LandingBlockKey, block: LandingBlock) {
    update({ ...latest.current, [key]: block }, { [key]: editableFields(block) });
  }

  function move(key: LandingBlockKey, direction: MoveDirection) {
    const before = latest.current;
    const next = moveBlock(before, key, direction);
    if (next === before) return;
    const changed = LANDING_BLOCK_KEYS.filter((k) => next[k] !== before[k]);
    update(next, Object.fromEntries(changed.map((k) => [k, editableFields(next[k])])));
  }

  function reset() {
    const before = latest.current;
    const next = resetLanding(before);
    // The figures and the programme come from the course, whatever the defaults say.
    next.stats.lessonCount = before.stats.lessonCount;
    next.trainingProgram.sections = before.trainingProgram.sections;
    update(next, Object.fromEntries(LANDING_BLOCK_KEYS.filter((k) => k !== 'header').map((k) => [k, null])));
    setConfirming(false);
    setOpen(null);
    setNotice(t.resetDone);
  }

  const errorFor = (key: LandingBlockKey) => (path: string) => error?.fieldMessage(`landing.${key}.${path}`);

  return (
    <div className="landing-page">
      <div className="landing-editor">
        <div className="landing-editor-head">
          <p className="muted landing-hint">{t.lead}</p>
          <SaveStatus state={save.state} onRetry={save.flush} />
          <button type="button" className="button small secondary" onClick={() => setConfirming(true)}>
            {t.reset}
          </button>
        </div>
        {notice ? (
          <p className="landing-notice" role="status">
            {notice}
          </p>
        ) : null}
        <ol className="landing-blocks" aria-label={t.blocksLabel}>
          {orderedBlocks(landing, { includeHidden: true }).map((entry) => {
            const { key, block } = entry;
            const name = t.blocks[key];
            const isOpen = open === key;
            const fixed = !block.canUp && !block.canDown;
            const blockError = error?.fieldMessage(`landing.${key}`);
            return (
              <li key={key} className={block.visible ? 'landing-block' : 'landing-block is-hidden'} data-block={key}>
                <div className="landing-block-head">
                  <label className="check">
                    <input type="checkbox" checked={block.visible} onChange={(event) => replace(key, { ...block, visible: event.target.checked })} aria-label={t.shown(name)} />
                  </label>
                  <button type="button" className="landing-block-name" aria-expanded={isOpen} aria-label={isOpen ? t.close(name) : t.edit(name)} onClick={() => setOpen(isOpen ? null : key)}>
                    {name}
                  </button>
                  {/* Beside the button, not in it: the button's name says what it shows (WCAG 2.5.3). */}
                  {block.visible ? null : <span className="landing-block-hidden"> · {t.hiddenMark}</span>}
                  {fixed ? (
                    <span className="muted landing-hint">{t.fixedPlace}</span>
                  ) : (
                    <span className="landing-block-move">
                      <button type="button" className="button small secondary" aria-label={coursesMessages.moveUpLabel(name)} disabled={!canMoveBlock(landing, key, 'up')} onClick={() => move(key, 'up')}>
                        ↑
                      </button>
                      <button type="button" className="button small secondary" aria-label={coursesMessages.moveDownLabel(name)} disabled={!canMoveBlock(landing, key, 'down')} onClick={() => move(key, 'down')}>
                        ↓
                      </button>
                    </span>
                  )}
                </div>
                {blockError ? <p className="field-error">{blockError}</p> : null}
                {isOpen ? <LandingBlockForm entry={entry} onChange={(next) => replace(key, next)} errorFor={errorFor(key)} /> : null}
              </li>
            );
          })}
        </ol>
        {confirming ? <ConfirmDialog title={t.resetTitle} message={t.resetText} confirmLabel={t.reset} danger onConfirm={reset} onCancel={() => setConfirming(false)} /> : null}
      </div>
      <LandingPreview school={school} course={initial.course} landing={landing} />
    </div>
  );
}
