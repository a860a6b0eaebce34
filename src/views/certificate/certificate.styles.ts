/**
 * <ch-certificate>: an A4 landscape sheet that scales with its container on screen and prints as
 * exactly one page. Sizes inside the sheet are in em of .content, whose font size follows the
 * sheet's width (cqw), so the screen and the printed page keep the same proportions.
 *
 * Printing: the rules below hide the widget's own controls and size the sheet to the page. The
 * rest of the host page is the host's business (styles in a shadow root cannot reach it); a site
 * owner who wants only the certificate on paper adds to their own stylesheet:
 *   @media print { body > :not(ch-certificate) { display: none } }
 * Browsers (Chromium at least) ignore @page inside a shadow root, so the page size and margins are
 * the host's too: without them the sheet prints at the top of the user's default paper, in A4
 * proportions; for a full-bleed A4 landscape page the host adds
 *   @page { size: A4 landscape; margin: 0 }  @media print { body { margin: 0 } }
 * The @page rule below stays for browsers that do apply it.
 */
export const certificateStyles = `
.certificate { --_ink: #23213a; --_paper: #fffdf8; color: var(--_ink); }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 0.5em 1em; margin-bottom: 12px; }
.print-hint { color: var(--_muted); font-size: 0.85em; }
.print-icon { width: 1.15em; height: 1.15em; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }

.frame { container: ch-frame / inline-size; }
.sheet {
  container-type: inline-size;
  position: relative; width: 100%; aspect-ratio: 297 / 210; overflow: hidden;
  background:
    radial-gradient(circle at 0 0, color-mix(in srgb, var(--_accent) 16%, transparent) 0 18%, transparent 18.1%),
    radial-gradient(circle at 100% 100%, color-mix(in srgb, var(--_accent) 12%, transparent) 0 22%, transparent 22.1%),
    var(--_paper);
  border-radius: var(--_radius);
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.08), 0 12px 32px rgb(31 29 43 / 0.12);
  print-color-adjust: exact; -webkit-print-color-adjust: exact;
}
.border {
  position: absolute; inset: 2.6%; pointer-events: none;
  border: 0.35cqw solid var(--_accent); border-radius: 0.4cqw;
  box-shadow: inset 0 0 0 0.6cqw var(--_paper), inset 0 0 0 0.72cqw color-mix(in srgb, var(--_accent) 55%, transparent);
}
.content {
  position: relative; height: 100%;
  display: flex; flex-direction: column; align-items: center; text-align: center;
  padding: 6.5% 9% 6%;
  font-size: 14px; font-size: 1.3cqw;
}
:where(.content p) { margin: 0; }
.school { text-transform: uppercase; letter-spacing: 0.22em; font-size: 0.95em; font-weight: 600; color: var(--_muted); }
.title, .name { font-family: var(--ch-font, Georgia, 'Times New Roman', serif); }
.title {
  margin: 0.15em 0 0.1em; font-size: 4.4em; line-height: 1.1; font-weight: 700;
  letter-spacing: 0.1em; text-transform: uppercase; color: var(--_accent);
}
.lead { font-size: 1.1em; color: var(--_muted); }
.name {
  margin: 0.2em 0 0.25em; padding: 0 1em 0.12em; max-width: 92%;
  font-size: 2.9em; line-height: 1.2; font-weight: 700; overflow-wrap: anywhere;
  border-bottom: 1px solid color-mix(in srgb, var(--_accent) 45%, transparent);
}
.course { margin-top: 0.2em; max-width: 92%; font-size: 1.7em; line-height: 1.3; font-weight: 700; overflow-wrap: anywhere; }

.program { flex: 1 1 auto; min-height: 0; overflow: hidden; width: 100%; margin-top: 1.2em; text-align: left; font-size: 0.8em; }
.program-title { margin: 0 0 0.4em; font-size: 1em; text-transform: uppercase; letter-spacing: 0.14em; color: var(--_muted); text-align: center; }
.modules { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5em 2.4em; margin: 0; padding: 0; list-style: none; counter-reset: ch-module; }
.module { flex: 0 1 calc((100% - 4.8em) / 3); min-width: 0; line-height: 1.35; counter-increment: ch-module; }
.module-name { font-weight: 700; }
.module-name::before { content: counter(ch-module) '. '; color: var(--_accent); }
.lessons { display: block; margin: 0.1em 0 0; padding: 0; list-style: none; color: var(--_muted); }
.lessons li { display: inline; }
.lessons li + li::before { content: ' · '; }
.lesson-count { color: var(--_muted); }

.footer {
  display: grid; grid-template-columns: 1fr auto 1fr; align-items: end; gap: 3em;
  width: 100%; margin-top: auto; padding-top: 1.2em;
}
.person, .issued { display: flex; flex-direction: column; align-items: center; min-width: 0; }
.signature-line { position: relative; width: 100%; height: 4.6em; border-bottom: 1px solid var(--_ink); }
.signature { position: absolute; left: 50%; bottom: 0.1em; height: 4.2em; max-width: 70%; transform: translateX(-50%); object-fit: contain; }
.stamp { position: absolute; right: -0.8em; bottom: -2.6em; width: 7.2em; height: 7.2em; object-fit: contain; opacity: 0.9; mix-blend-mode: multiply; transform: rotate(-10deg); }
.person-name { margin-top: 0.45em; font-weight: 700; overflow-wrap: anywhere; }
.person-role, .issued .person-role { font-size: 0.85em; color: var(--_muted); }
.date { font-size: 1.15em; font-weight: 700; padding-bottom: 0.15em; border-bottom: 1px solid var(--_ink); }
/* The QR code of the certificate's page sits left of the date, no taller than the signatures,
   so the programme keeps its room. */
.issued { flex-direction: row; align-items: flex-end; gap: 1.2em; }
.issued-date { display: flex; flex-direction: column; align-items: center; }
.verify { display: flex; flex-direction: column; align-items: center; width: 7.5em; margin: 0; }
.qr { display: block; width: 7.5em; height: 7.5em; }
.qr-caption { margin-top: 0.1em; font-size: 0.7em; line-height: 1.2; text-align: center; color: var(--_muted); }

/* A narrow column: the sheet becomes a card that grows with its text. */
@container ch-frame (max-width: 599px) {
  .sheet { aspect-ratio: auto; }
  .content { font-size: 12px; padding: 2.6em 1.8em 2.4em; }
  .border { inset: 8px; border-width: 2px; box-shadow: inset 0 0 0 4px var(--_paper), inset 0 0 0 5px color-mix(in srgb, var(--_accent) 55%, transparent); }
  .title { font-size: 2.8em; }
  .name { font-size: 2em; }
  .course { font-size: 1.35em; }
  .program { font-size: 0.95em; }
  .module { flex-basis: 100%; }
  .stamp { right: 0; }
  .footer { grid-template-columns: 1fr; gap: 2.4em; margin-top: 1.6em; }
}

@page { size: A4 landscape; margin: 0; }
@media print {
  :host { display: block !important; margin: 0 !important; padding: 0 !important; }
  .toolbar { display: none !important; }
  .frame { container-type: normal; }
  /* As wide as the page allows, in A4 proportions: a full A4 landscape page when @page is honoured,
     still one clean page (the sheet at the top) on a portrait page when it is not. */
  .sheet { width: 100%; aspect-ratio: 297 / 210; margin: 0; border-radius: 0; box-shadow: none; break-inside: avoid; page-break-inside: avoid; }
  .content { font-size: 1.3cqw; }
}
`;
