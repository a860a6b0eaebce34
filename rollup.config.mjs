// Builds every browser bundle: the platform app and the widgets (React components, rendered by
// Preact through preact/compat in the bundles), plus the widgets' classic-script loader.
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { readFileSync } from 'node:fs';
import esbuild, { minify } from 'rollup-plugin-esbuild';
import { aliases } from './tools/aliases.mjs';
import { compactCssPlugin } from './tools/compact-css.mjs';
import { precompress } from './tools/precompress.mjs';
import { widgetDeclarations } from './tools/widget-declarations.mjs';

/** Copies a file next to the bundle (a strict CSP allows no inline styles). */
function copyFile(source, fileName) {
  return {
    name: 'copy-file',
    buildStart() {
      this.addWatchFile(source);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
    },
  };
}

const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const plugins = ({ preact = false } = {}) => [
  alias({ entries: [...aliases, ...(preact ? PREACT : [])] }),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  json({ preferConst: true }),
  resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(), // React ships CommonJS
  esbuild({ target: 'es2022', jsx: 'automatic', minify: true, legalComments: 'none' }),
  // The transform above minifies our sources; this minifies whole chunks, dependencies included
  // (React ships its production build unminified).
  minify({ target: 'es2022', legalComments: 'none' }),
  // Last step: .br and .gz beside every text file the bundle wrote (copied assets included).
  precompress(),
];

/** The widget bundles need only the attribute mapping of widget-specs.json, not its descriptions. */
function compactWidgetSpecs() {
  return {
    name: 'compact-widget-specs',
    transform(code, id) {
      if (!id.endsWith('widget-specs.json')) return null;
      const { widgets } = JSON.parse(code);
      const compact = widgets.map(({ tag, props }) => ({ tag, props: props.map(({ name, attribute, type }) => ({ name, attribute, type })) }));
      return { code: JSON.stringify({ widgets: compact }), map: null };
    },
  };
}

// Core's modules do nothing when imported (lint and a test enforce it), so whatever a bundle does
// not use from core's barrel can be dropped, stores included.
const treeshake = { moduleSideEffects: (id) => !id.includes('/src/core/') };

const WIDGETS = ['course-catalog', 'certificate', 'tariffs', 'webinar', 'course-landing'];

export default [
  {
    input: { main: 'src/app/main.tsx' },
    output: { dir: 'dist/app', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    treeshake,
    // The app renders with Preact too: react-dom 19 alone is 75 KB gzip, over the 80 KB page budget.
    plugins: [
      ...plugins({ preact: true }),
      copyFile('src/app/app.css', 'app.css'),
      // uPlot's stylesheet, linked by the statistics chart's chunk when it first draws (no inline <style> under the CSP).
      copyFile('node_modules/uplot/dist/uPlot.min.css', 'uplot.css'),
      copyFile('src/app/features/pwa/manifest.webmanifest', 'manifest.webmanifest'),
      copyFile('src/app/features/pwa/offline.html', 'offline.html'),
      copyFile('src/app/features/pwa/icon.svg', 'icon.svg'),
      copyFile('src/app/features/pwa/icon-192.png', 'icon-192.png'),
      copyFile('src/app/features/pwa/icon-512.png', 'icon-512.png'),
    ],
  },
  {
    // Served as /sw.js so that its scope is the whole platform.
    input: 'src/app/features/pwa/service-worker.ts',
    output: { file: 'dist/app/sw.js', format: 'iife' },
    plugins: plugins(),
  },
  {
    // One ESM entry per widget; what they share (Preact, the element layer, core's client) is split
    // into chunks that a page downloads once.
    input: Object.fromEntries(WIDGETS.map((name) => [name, `src/widgets/${name}/${name}-element.ts`])),
    output: { dir: 'dist/widgets', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    treeshake,
    plugins: [compactWidgetSpecs(), compactCssPlugin(), ...plugins({ preact: true }), widgetDeclarations('src/widgets/widget-specs.json')],
  },
  {
    input: 'src/widgets/ch.ts',
    output: { file: 'dist/widgets/ch.js', format: 'iife' },
    plugins: plugins(),
  },
];
