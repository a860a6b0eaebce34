/**
 * How much of a video was watched (issue 25): the share of its length that was played, from the
 * player's played ranges (a <video>'s `played`), overlaps counted once, whole percent rounded down.
 * Skipping ahead plays nothing, so it counts nothing; watching a part twice counts it once. An
 * unknown length (a live stream, a file without one, not loaded yet) is 0 %.
 */
export function playedPercent(ranges: readonly (readonly [start: number, end: number])[], duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  const sorted = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(duration, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let played = 0;
  let reached = 0;
  for (const [start, end] of sorted) {
    if (end <= reached) continue;
    played += end - Math.max(start, reached);
    reached = end;
  }
  // A hair under the end (the last frame's time: at most a hundredth, a quarter second) is the whole video.
  const share = played >= duration - Math.min(0.25, duration / 100) ? 1 : played / duration;
  return Math.floor(share * 100);
}

/** A media element's played ranges as pairs. */
export function playedRanges(played: { length: number; start(index: number): number; end(index: number): number }): [number, number][] {
  return Array.from({ length: played.length }, (_, i) => [played.start(i), played.end(i)]);
}
