import { appealFormStyles } from '../shared/appeal-form.styles.ts';

/** <ch-course-catalog>: search, the cards grid, the pager and the course preview (plus the shared appeal form). */
export const courseCatalogStyles =
  appealFormStyles +
  `
.catalog { display: flex; flex-direction: column; gap: var(--_gap); }
.search-input {
  width: 100%; padding: 0.65em 0.9em; border: 1px solid var(--_border); border-radius: var(--_radius);
  background: var(--_surface);
}
.grid {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: var(--_gap);
  margin: 0; padding: 0; list-style: none;
}
.card {
  display: flex; flex-direction: column; overflow: hidden; min-width: 0;
  border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface);
}
.card-photo { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; }
.card-photo-empty { background: linear-gradient(135deg, color-mix(in srgb, var(--_accent) 22%, transparent), color-mix(in srgb, var(--_accent) 6%, transparent)); }
.card-body { display: flex; flex: 1; flex-direction: column; gap: 0.5em; padding: 1em; }
.card-title { margin: 0; font-size: 1.1em; line-height: 1.3; overflow-wrap: anywhere; }
.card-school { margin: 0; color: var(--_muted); font-size: 0.9em; }
.card-description {
  margin: 0; color: var(--_muted);
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; line-clamp: 3; overflow: hidden;
}
.card-meta { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.25em 1em; margin: auto 0 0; }
.price { font-weight: 700; }
.card-duration { color: var(--_muted); font-size: 0.9em; }
.card-button { align-self: stretch; }
.catalog-empty { margin: 0; }
.pagination { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 0.5em; }
.pages { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25em; margin: 0; padding: 0; list-style: none; }
.page, .page-step {
  min-width: 2.5em; padding: 0.4em 0.7em; border: 1px solid var(--_border); border-radius: var(--_radius);
  background: var(--_surface); cursor: pointer;
}
.page[aria-current="page"] { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-contrast); font-weight: 700; }
.page-step:disabled { opacity: 0.5; cursor: not-allowed; }
.page-gap { padding: 0 0.25em; color: var(--_muted); }
.page:focus-visible, .page-step:focus-visible { outline: 3px solid color-mix(in srgb, var(--_accent) 45%, transparent); outline-offset: 2px; }
.preview { display: flex; flex-direction: column; align-items: flex-start; gap: var(--_gap); }
.preview-body { display: flex; flex-direction: column; gap: 1em; width: 100%; }
.preview-title { margin: 0; font-size: 1.5em; line-height: 1.25; overflow-wrap: anywhere; }
.preview-lead { margin: 0; font-size: 1.1em; }
.preview-description { overflow-wrap: anywhere; }
.preview-description > :first-child { margin-top: 0; }
.preview-description > :last-child { margin-bottom: 0; }
.preview-description img { max-width: 100%; height: auto; }
.preview-facts { display: flex; flex-wrap: wrap; gap: 0.75em 2em; margin: 0; }
.preview-facts dt { color: var(--_muted); font-size: 0.9em; }
.preview-facts dd { margin: 0; }
.program h3 { margin: 0 0 0.5em; font-size: 1.2em; }
.program-list { margin: 0; padding-left: 1.5em; }
.program-list li { padding: 0.35em 0; border-bottom: 1px solid var(--_border); }
.program-name { margin-right: 0.75em; }
.program-count { color: var(--_muted); font-size: 0.9em; white-space: nowrap; }
.preview .ch-status { width: 100%; }
@media (max-width: 639px) { .preview-title { font-size: 1.3em; } }
`;
