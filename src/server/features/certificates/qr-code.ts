import { encode } from 'uqr';

/** Four light modules around the code, as the standard asks. */
const MARGIN = 4;

/**
 * The certificate's verification code as a standalone SVG: `uqr` makes the QR matrix (error
 * correction level M: a printed, stamped sheet may lose 15 % of it); this draws it as one path (a
 * row's run of dark modules is one rectangle), crisp at any scale.
 */
export function qrSvg(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: MARGIN });
  const side = data.length;
  let path = '';
  for (const [y, row] of data.entries()) {
    for (let x = 0; x < side; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (x + run < side && row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 4}" height="${side * 4}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
