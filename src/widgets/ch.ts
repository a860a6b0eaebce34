// Entry of dist/widgets/ch.js, a classic script: start the loader with this script's own URL, so
// widget modules come from wherever the site owner took the script from.
import { startLoader } from './loader.ts';

if (document.currentScript instanceof HTMLScriptElement) startLoader(window, document, document.currentScript.src);
