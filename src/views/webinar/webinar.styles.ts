/** <ch-webinar>: countdown, live (video + replayed chat side by side when there is room) and ended. */
export const webinarStyles = `
.webinar { container: ch-webinar / inline-size; display: flex; flex-direction: column; gap: 1em; }
.title { margin: 0; font-size: 1.6em; line-height: 1.25; overflow-wrap: anywhere; }
.description { margin: 0; color: var(--_muted); white-space: pre-line; overflow-wrap: anywhere; }

.countdown-view { align-items: center; text-align: center; padding: 2em 1em; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); }
.countdown { display: flex; flex-direction: column; align-items: center; gap: 0.75em; margin-top: 0.5em; }
.countdown-label { margin: 0; font-weight: 600; }
.units { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.75em; margin: 0; padding: 0; list-style: none; }
.unit {
  display: flex; flex-direction: column; align-items: center; min-width: 5.2em; padding: 0.7em 0.6em;
  border-radius: var(--_radius); background: color-mix(in srgb, var(--_accent) 12%, var(--_surface));
}
.value { font-size: 2.2em; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; color: var(--_accent); }
.unit-name { font-size: 0.85em; color: var(--_muted); }
.soon { margin: 0; font-size: 1.25em; font-weight: 600; color: var(--_accent); }
.starts-at { margin: 0; color: var(--_muted); font-size: 0.9em; }

.live-header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em 1em; }
.live-badge {
  display: inline-flex; align-items: center; gap: 0.45em; padding: 0.15em 0.7em; border-radius: 999px;
  background: #d93025; color: #fff; font-size: 0.8em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em;
}
.live-dot { width: 0.55em; height: 0.55em; border-radius: 50%; background: currentColor; animation: ch-pulse 1.4s ease-in-out infinite; }
@keyframes ch-pulse { 50% { opacity: 0.3; } }
@media (prefers-reduced-motion: reduce) { .live-dot { animation: none; } }
.school { color: var(--_muted); font-size: 0.9em; }

.stage { display: grid; grid-template-columns: 1fr; gap: var(--_gap); }
.screen { min-width: 0; }
.player { display: block; width: 100%; aspect-ratio: 16 / 9; border: 0; border-radius: var(--_radius); background: #000; }
.player.unavailable { display: flex; align-items: center; justify-content: center; padding: 1em; color: #fff; text-align: center; background: #2b2838; }

.chat {
  display: flex; flex-direction: column; min-width: 0; height: 26em; overflow: hidden;
  background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius);
}
.chat-title { margin: 0; padding: 0.6em 1em; font-size: 1em; border-bottom: 1px solid var(--_border); }
.chat .ch-status { flex: 1; justify-content: center; padding: 1em; }
.messages { flex: 1; min-height: 0; overflow-y: auto; margin: 0; padding: 0.75em 1em; list-style: none; display: flex; flex-direction: column; gap: 0.55em; overscroll-behavior: contain; }
.messages:focus-visible { outline: 3px solid color-mix(in srgb, var(--_accent) 45%, transparent); outline-offset: -3px; }
.chat-empty { margin: auto; color: var(--_muted); font-size: 0.9em; }
.message { padding: 0.4em 0.65em; border-radius: calc(var(--_radius) * 0.7); background: color-mix(in srgb, var(--_border) 35%, transparent); }
.message.staff { background: color-mix(in srgb, var(--_accent) 8%, var(--_surface)); border-left: 3px solid var(--_accent); }
.author { font-weight: 700; font-size: 0.9em; overflow-wrap: anywhere; }
.message.staff .author { color: var(--_accent); }
.role { margin-left: 0.5em; padding: 0 0.45em; border-radius: 999px; font-size: 0.72em; font-weight: 600; background: var(--_accent); color: var(--_accent-contrast); vertical-align: 0.1em; }
.text { margin: 0.1em 0 0; overflow-wrap: anywhere; white-space: pre-line; }
.chat-form { display: flex; gap: 0.5em; padding: 0.6em 0.75em 0.2em; border-top: 1px solid var(--_border); }
.chat-form input { flex: 1; min-width: 0; padding: 0.5em 0.7em; border: 1px solid var(--_border); border-radius: var(--_radius); background: transparent; }
.chat-form input:disabled { cursor: not-allowed; background: color-mix(in srgb, var(--_border) 30%, transparent); }
.chat-note { margin: 0; padding: 0.1em 0.9em 0.6em; font-size: 0.8em; color: var(--_muted); }

.ended-view { align-items: center; text-align: center; padding: 2em 1em; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); }
.ended-badge { margin: 0; padding: 0.25em 0.9em; border-radius: 999px; font-weight: 700; background: color-mix(in srgb, var(--_muted) 16%, transparent); color: var(--_muted); }

@container ch-webinar (min-width: 820px) {
  .with-chat .stage { grid-template-columns: minmax(0, 1fr) 20em; align-items: stretch; }
  /* size containment: the chat takes the video's height instead of growing the row with its messages. */
  .with-chat .chat { height: auto; min-height: 20em; contain: size; }
  .title { font-size: 1.9em; }
}
`;
