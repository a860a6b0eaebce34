// A file made in the page (an export read through the signed-in API client, which a plain link
// could not carry the token for) handed to the browser's downloads.

/** How long the object URL outlives the click: revoked at once, some browsers cancel the download. */
export const REVOKE_AFTER_MS = 10_000;

/** Saves the blob under the name, through a hidden link with `download` clicked. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
