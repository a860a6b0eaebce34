/**
 * Styles every widget shares, adopted into its shadow root. The host page styles a widget only
 * through the --ch-* custom properties and ::part(); the font is the host's unless --ch-font says otherwise.
 */
export const baseStyles = `
:host {
  display: block;
  box-sizing: border-box;
  font-family: var(--ch-font, inherit);
  color: var(--ch-text, #1f1d2b);
  --_accent: var(--ch-accent, #9124ff);
  --_accent-contrast: var(--ch-accent-contrast, #fff);
  --_muted: var(--ch-muted, #6b6780);
  --_surface: var(--ch-surface, #fff);
  --_border: var(--ch-border, #e4e0ee);
  --_radius: var(--ch-radius, 12px);
  --_gap: var(--ch-gap, 20px);
  line-height: 1.5;
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
button, input, textarea, select { font: inherit; color: inherit; }
.ch-button {
  display: inline-flex; align-items: center; justify-content: center; gap: .4em;
  padding: .6em 1.2em; border: 0; border-radius: var(--_radius); cursor: pointer;
  background: var(--_accent); color: var(--_accent-contrast); font-weight: 600; text-decoration: none;
}
.ch-button:disabled { opacity: .55; cursor: not-allowed; }
.ch-button.secondary { background: transparent; color: inherit; border: 2px solid var(--_accent); }
.ch-button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid color-mix(in srgb, var(--_accent) 45%, transparent); outline-offset: 2px; }
.ch-status { display: flex; flex-direction: column; align-items: center; gap: .75em; padding: 2em 1em; color: var(--_muted); text-align: center; }
.ch-error { color: #b3261e; }
.ch-status-title { margin: 0; font-size: 1.25em; color: var(--ch-text, #1f1d2b); }
.ch-not-found p { margin: 0; max-width: 32em; }
.ch-spinner { width: 1.5em; height: 1.5em; border-radius: 50%; border: 3px solid var(--_border); border-top-color: var(--_accent); animation: ch-spin .8s linear infinite; }
@keyframes ch-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .ch-spinner { animation: none; } }
.ch-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
