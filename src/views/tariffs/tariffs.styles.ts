/**
 * The tariffs widget. Cards sit side by side; when the widget itself is 480 px wide or less (a
 * container query, so it follows the space the host gives it rather than the window) they become a
 * one-card scroll-snap carousel with a 20 px gap and dots.
 */
export const tariffsStyles = `
.tariffs { container-type: inline-size; display: flex; flex-direction: column; gap: var(--_gap); }
.title { margin: 0; font-size: 1.6em; line-height: 1.25; text-align: center; }
.toggle { display: inline-flex; align-self: center; padding: 4px; gap: 4px; border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface); }
.period { display: inline-flex; align-items: center; gap: 0.5em; padding: 0.45em 1.1em; border: 0; border-radius: 999px; background: transparent; cursor: pointer; }
.period[aria-pressed="true"] { background: var(--_accent); color: var(--_accent-contrast); }
.period:focus-visible, .dot:focus-visible, a:focus-visible { outline: 3px solid color-mix(in srgb, var(--_accent) 45%, transparent); outline-offset: 2px; }
.save { padding: 0.1em 0.5em; border-radius: 999px; font-size: 0.8em; font-weight: 600; background: color-mix(in srgb, var(--_accent) 18%, var(--_surface)); color: inherit; }
.period[aria-pressed="true"] .save { background: rgb(0 0 0 / 25%); }
.cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: var(--_gap); }
.card { position: relative; display: flex; flex-direction: column; gap: 0.75em; padding: 1.5em 1.25em; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
.card.hit { border: 2px solid var(--_accent); }
.badge { position: absolute; top: 0.9em; right: 0.9em; padding: 0.15em 0.6em; border-radius: 999px; font-size: 0.75em; font-weight: 700; letter-spacing: 0.05em; background: var(--_accent); color: var(--_accent-contrast); }
.plan-name { margin: 0; font-size: 1.25em; }
.price { margin: 0; font-size: 1.5em; font-weight: 700; }
.per { font-size: 0.6em; font-weight: 400; color: var(--_muted); }
.limits { margin: 0; display: grid; gap: 0.35em; flex: 1; }
.limits div { display: flex; justify-content: space-between; gap: 1em; border-bottom: 1px dashed var(--_border); padding-bottom: 0.25em; }
.limits dt { color: var(--_muted); }
.limits dd { margin: 0; font-weight: 600; text-align: right; }
.card .ch-button { align-self: stretch; }
.dots { display: none; justify-content: center; gap: 0.5em; }
.dot { width: 12px; height: 12px; padding: 0; border: 2px solid var(--_accent); border-radius: 50%; background: transparent; cursor: pointer; }
.dot[aria-current="true"] { background: var(--_accent); }
/* Positioned, so the visually hidden cell text (absolute) scrolls with the table instead of widening the page. */
.table-wrap { overflow-x: auto; position: relative; }
table { width: 100%; border-collapse: collapse; background: var(--_surface); border-radius: var(--_radius); }
caption { text-align: left; font-weight: 700; font-size: 1.15em; padding-bottom: 0.5em; }
th, td { padding: 0.6em 0.75em; border-bottom: 1px solid var(--_border); text-align: center; }
th[scope="row"], thead th:first-child { text-align: left; font-weight: 400; }
thead th { font-weight: 700; }
td.yes { color: var(--_accent); font-weight: 700; }
td.no { color: var(--_muted); }
.offers { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: var(--_gap); }
.offer { display: flex; flex-direction: column; gap: 0.6em; padding: 1.5em 1.25em; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
.offer.premium { border-color: var(--_accent); }
.offer h3 { margin: 0; font-size: 1.3em; }
.offer .lead { margin: 0; color: var(--_muted); }
.offer ul { margin: 0; padding-left: 1.2em; flex: 1; }
.offer .ch-button { align-self: flex-start; }
.banner { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1em; padding: 1.75em 1.5em; border-radius: var(--_radius); background: var(--_accent); color: var(--_accent-contrast); }
.banner h3 { margin: 0; font-size: 1.3em; flex: 1 1 16em; }
.banner .ch-button { background: var(--_accent-contrast); color: var(--_accent); }
@container (max-width: 480px) {
  .cards { display: flex; gap: 20px; overflow-x: auto; scroll-snap-type: x mandatory; scroll-behavior: smooth; overscroll-behavior-x: contain; scrollbar-width: none; -webkit-overflow-scrolling: touch; }
  .cards::-webkit-scrollbar { display: none; }
  .card { flex: 0 0 100%; scroll-snap-align: start; scroll-snap-stop: always; }
  .dots { display: flex; }
  .toggle { align-self: stretch; justify-content: center; }
}
@media (prefers-reduced-motion: reduce) { .cards { scroll-behavior: auto; } }
`;
