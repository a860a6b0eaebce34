import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './tools/eslint/feature-boundaries.mjs';
import noImportTimeDom from './tools/eslint/no-import-time-dom.mjs';

// The import boundaries of ARCHITECTURE.md, enforced here rather than in review. Paths are matched
// as written in the import (relative or '#alias'), so each rule names both forms.
const REACT = ['react', 'react-dom', 'react-dom/*', 'react/*', 'preact', 'preact/*', '@r2wc/*'];
const SERVER_ONLY = ['fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg', 'argon2', '@node-rs/*', 'node:*'];
const paths = (...areas) => areas.map((name) => `**/${name}/**`);
const aliases = (...areas) => `^#(${areas.join('|')})(/|$)`;
const group = (patterns, message) => ({ group: patterns, message });
const regex = (pattern, message) => ({ regex: pattern, message });

export const boundaries = {
  core: [
    group(paths('app', 'views', 'widgets', 'server', 'tests'), 'core imports only itself.'),
    regex(aliases('app', 'views', 'widgets', 'server'), 'core imports only itself.'),
    group(REACT, 'core is framework-free: no React or Preact.'),
    group(SERVER_ONLY, 'core runs in browsers: no server or Node-only modules.'),
  ],
  // The public views: what the widgets wrap as custom elements and the app's public pages render.
  views: [
    group(paths('app', 'widgets', 'server', 'core'), "views use core's public entry '#core' and each other only: the app and the widgets build on them."),
    regex(`${aliases('app', 'widgets', 'server')}|^#core/`, "views use core's public entry '#core' and each other only: the app and the widgets build on them."),
    group(SERVER_ONLY, 'views run in browsers.'),
  ],
  widgets: [
    group(paths('app', 'server', 'core'), "widgets use core's public entry '#core', the views, and themselves; never the app."),
    regex(`${aliases('app', 'server')}|^#core/`, "widgets use core's public entry '#core', the views, and themselves; never the app."),
    group(SERVER_ONLY, 'widgets run in browsers.'),
  ],
  app: [
    group(paths('server', 'core'), "the app uses core's public entry '#core' only."),
    regex(`${aliases('server', 'widgets')}|^#core/`, "the app uses core's public entry '#core' only."),
    group(paths('widgets'), "the app never imports src/widgets: it renders the public views of src/views (a preview loads the built widget, as any site does)."),
    group(SERVER_ONLY, 'the app runs in browsers.'),
  ],
  server: [
    group(paths('app', 'views', 'widgets', 'core'), "the server imports core's pure modules by '#core/<module>' only."),
    regex(`${aliases('app', 'views', 'widgets')}|^#core$|^#core/(api-client|session|persistent-atom|state/)`, "the server imports only core's pure modules."),
    group(REACT, 'the server renders no React.'),
  ],
  demo: [group(paths('src'), 'demo pages load the built files like any outside site.'), regex('^#', 'demo pages load the built files like any outside site.')],
};

const coursehub = { rules: { 'no-import-time-dom': noImportTimeDom, 'feature-boundaries': featureBoundaries } };
const noRestricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  // The generated API contract is checked by its own test (tests/server/api-contract.test.ts).
  { ignores: ['dist/**', 'coverage/**', 'data/**', 'node_modules/**', 'src/core/api-contract.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['src/core/**/*.ts'], ignores: ['**/*.test.ts'], rules: noRestricted(boundaries.core) },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { coursehub },
    rules: { 'coursehub/no-import-time-dom': 'error' },
  },
  { files: ['src/views/**/*.{ts,tsx}'], ignores: ['**/*.test.*'], rules: noRestricted(boundaries.views) },
  { files: ['src/widgets/**/*.{ts,tsx}'], ignores: ['**/*.test.*'], rules: noRestricted(boundaries.widgets) },
  { files: ['src/app/**/*.{ts,tsx}'], ignores: ['**/*.test.*'], rules: noRestricted(boundaries.app) },
  { files: ['src/server/**/*.ts'], ignores: ['**/*.test.ts'], rules: noRestricted(boundaries.server) },
  { files: ['demo/**/*.{js,mjs,ts}'], rules: noRestricted(boundaries.demo) },
  // Features are entered through their index.ts (tools/eslint/feature-boundaries.mjs); tests may reach in.
  {
    files: ['src/server/**/*.ts', 'src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*'],
    plugins: { coursehub },
    rules: { 'coursehub/feature-boundaries': 'error' },
  },
  { files: ['src/server/**/*.ts', 'tools/**', 'tests/**', '*.config.*'], rules: { 'no-console': 'off' } },
);
