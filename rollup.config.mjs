// Builds every browser bundle. Today: the platform app (split per route as pages arrive).
// The widgets and their loader join this list with the widget SDK.
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { readFileSync } from 'node:fs';
import esbuild from 'rollup-plugin-esbuild';
import { aliases } from './tools/aliases.mjs';

/** Copies a stylesheet next to the bundle as a file (a strict CSP allows no inline styles). */
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

const browserPlugins = () => [
  alias({ entries: aliases }),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(), // React ships CommonJS
  esbuild({ target: 'es2022', jsx: 'automatic', minify: true, legalComments: 'none' }),
];

export default [
  {
    input: { main: 'src/app/main.tsx' },
    output: { dir: 'dist/app', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [...browserPlugins(), copyFile('src/app/app.css', 'app.css')],
  },
];
