import { appealFormStyles } from '../shared/appeal-form.styles.ts';

/** The course landing: one section per visible block, stacked; the consultation block reuses the shared appeal form. */
export const courseLandingStyles = `
.landing { display: flex; flex-direction: column; gap: var(--_gap); }
.block { padding: 1.5em 1.25em; border-radius: var(--_radius); background: var(--_surface); border: 1px solid var(--_border); }
.block h3 { margin: 0 0 0.6em; font-size: 1.35em; line-height: 1.3; }
.block h4 { margin: 0; font-size: 1.05em; }
.block p { margin: 0; }
.block .lead { color: var(--_muted); margin-bottom: 0.9em; }
.text { white-space: pre-line; }
.header { display: flex; flex-direction: column; align-items: flex-start; gap: 0.75em; padding: 2.5em 1.5em; border: 0; background-color: color-mix(in srgb, var(--_accent) 14%, var(--_surface)); background-size: cover; background-position: center; }
.header.has-photo { color: #fff; background-color: #2b2540; text-shadow: 0 1px 3px rgb(0 0 0 / 0.6); box-shadow: inset 0 0 0 100vmax rgb(0 0 0 / 0.45); }
.course-name { margin: 0; font-size: clamp(1.5em, 5vw, 2em); line-height: 1.2; }
.course-price { margin: 0; font-weight: 700; }
.figures { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 1.5em; }
.figures strong { font-size: 2em; color: var(--_accent); margin-right: 0.15em; }
.chip-list, .review-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: var(--_gap); }
.chip { display: flex; flex-direction: column; gap: 0.4em; padding: 1em; border-radius: var(--_radius); background: color-mix(in srgb, var(--_accent) 8%, var(--_surface)); }
.chip img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: calc(var(--_radius) / 2); }
.chip p { color: var(--_muted); }
.points { margin: 0; padding-left: 1.4em; display: flex; flex-direction: column; gap: 0.75em; }
.points li::marker { color: var(--_accent); font-weight: 700; }
.points p { color: var(--_muted); }
details { border-top: 1px solid var(--_border); padding: 0.6em 0; }
details:last-child { border-bottom: 1px solid var(--_border); }
summary { cursor: pointer; font-weight: 600; padding: 0.2em 0; }
summary:focus-visible, a:focus-visible { outline: 3px solid color-mix(in srgb, var(--_accent) 45%, transparent); outline-offset: 2px; }
details > p, details > ol { margin-top: 0.5em; }
.count { font-weight: 400; color: var(--_muted); font-size: 0.9em; }
.lessons { margin: 0.5em 0 0; padding-left: 1.4em; display: flex; flex-direction: column; gap: 0.25em; }
.review { margin: 0; height: 100%; display: flex; flex-direction: column; justify-content: space-between; gap: 0.75em; padding: 1em; border-radius: var(--_radius); border: 1px solid var(--_border); }
.review blockquote { margin: 0; }
.review figcaption { display: flex; align-items: center; gap: 0.6em; font-weight: 600; }
.avatar { width: 40px; height: 40px; border-radius: 50%; object-fit: cover; }
.consultation { padding: 0; border: 0; background: transparent; }
.consultation > .lead { padding: 0 0.25em; }
.link-button { display: flex; justify-content: center; border: 0; background: transparent; }
.link-button .ch-button { padding: 0.85em 2em; font-size: 1.1em; }
${appealFormStyles}`;
