/** Styles of the shared course appeal form (appeal-form.tsx); a widget that shows the form appends them to its own. */
export const appealFormStyles = `
.appeal {
  display: flex; flex-direction: column; gap: 0.75em;
  padding: 1.25em; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface);
}
.appeal-title { margin: 0; font-size: 1.2em; }
.appeal-intro, .appeal-hint { margin: 0; color: var(--_muted); }
.appeal-hint { font-size: 0.9em; }
.appeal-form { display: flex; flex-direction: column; gap: 0.75em; }
.appeal-field { display: flex; flex-direction: column; gap: 0.25em; }
.appeal-field label { font-weight: 600; }
.appeal-optional { font-weight: 400; color: var(--_muted); }
.appeal-field input, .appeal-field textarea {
  width: 100%; padding: 0.55em 0.75em; border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 2);
  background: var(--_surface);
}
.appeal-field textarea { resize: vertical; min-height: 6em; }
.appeal-field [aria-invalid="true"] { border-color: #b3261e; }
.appeal-field-error { margin: 0; color: #b3261e; font-size: 0.9em; }
.appeal-form-error { margin: 0; }
.appeal-form-error:focus, .appeal-success:focus { outline: none; }
.appeal-form .ch-button { align-self: flex-start; }
.appeal-success { padding: 0.75em 1em; border-radius: calc(var(--_radius) / 2); background: color-mix(in srgb, var(--_accent) 12%, transparent); }
.appeal-success p { margin: 0; font-weight: 600; }
.appeal .ch-button.secondary { align-self: flex-start; }
@media (max-width: 480px) { .appeal-form .ch-button, .appeal .ch-button.secondary { align-self: stretch; } }
`;
