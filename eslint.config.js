// Lint rules that keep the structure visible: no import cycles, no cross-feature imports, no stray env reads.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';
import local from './eslint-rules/prisma-in-repositories.js';

/** Each feature folder may import only itself (and shared code outside features). */
function featureZones(root) {
  if (!existsSync(root)) return [];
  const features = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    target: `${root}/${feature}`,
    from: root,
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared code out of the feature folder.',
  }));
}

/**
 * API module folders, lowest first: each may import only the folders before it, so no two modules import each
 * other, however indirectly. A new module takes the place its imports allow.
 */
const API_MODULE_LAYERS = [
  'users',
  'audit',
  'organisation',
  // Age and guardian consent, asked by every module that lets a member take part.
  'minors',
  'auth',
  // Sections and who leads them: asked by events for who may see and run a section's events.
  'sections',
  'admin',
  'images',
  'notifications',
  'events',
  // Fees, payments, refunds and the Stripe boundary: the events module's RSVP holds and details through a port
  // it declares.
  'payments',
  // Leaders' checks and the leaders an event names: judged with the events module's managers, told by the outbox.
  'leaders',
  // Registration questions: answered through the events module's RSVP path (a port it declares).
  'questions',
  // Guardians' consent, children and approvals: releases replies and decides permission slips through the
  // events module's RSVP rules.
  'guardians',
  // Care cards and trip sheets: read by a child's guardians (guardians) and an event's leaders (events).
  'care',
  // Erasing a member releases their RSVPs through the events module's waitlist promotion.
  'members',
  'membership',
  'moderation',
  // What waits for a leader: counts read from the lists of membership, moderation and guardians.
  'needs',
  'calendar',
  'telegram',
  'web',
  'health',
  'backups',
  // Prometheus metrics: read at scrape time from the outbox and the backups record.
  'metrics',
];

function apiLayerZones() {
  const dir = (name) => `./api/src/modules/${name}`;
  const unknown = existsSync('./api/src/modules')
    ? readdirSync('./api/src/modules').filter((name) => !API_MODULE_LAYERS.includes(name))
    : [];
  if (unknown.length) throw new Error(`eslint.config.js: give ${unknown.join(', ')} a place in API_MODULE_LAYERS`);
  return API_MODULE_LAYERS.slice(0, -1).map((name, index) => ({
    target: dir(name),
    from: API_MODULE_LAYERS.slice(index + 1).map(dir),
    message: 'An API module imports only modules below it (API_MODULE_LAYERS in eslint.config.js).',
  }));
}

export default tseslint.config(
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Type-aware rules read the program through the TypeScript project service (tsconfig.json).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: {
      // Without both settings import-x skips .ts files, and every import rule passes without looking.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The repo's shared/ is used by everyone and depends on no app.
            { target: './shared', from: ['./api', './bot', './webapp'] },
            // The web app never reaches into the server or the bot.
            { target: './webapp', from: ['./api', './bot'] },
            // The bot knows only its own port (BotDeps) and shared/; the composition root (api/src/system)
            // connects it to the API's services, and nothing else in the API reaches into the bot.
            { target: './bot', from: ['./webapp', './api'], message: 'The bot depends only on BotDeps and shared/.' },
            {
              target: ['./api/src/!(system)/**', './api/src/*.ts'],
              from: './bot',
              message: 'Only the composition root (api/src/system) may use the bot.',
            },
            // HTTP plumbing, the database and small helpers sit below every module; the composition root above.
            {
              target: ['./api/src/http', './api/src/db', './api/src/lib'],
              from: ['./api/src/modules', './api/src/system'],
              message: 'http/, db/ and lib/ sit below the modules: move the code that needs a module into it.',
            },
            { target: ['./api/src/db', './api/src/lib'], from: './api/src/http' },
            {
              target: './api/src/modules',
              from: './api/src/system',
              message: 'Modules never reach the composition root.',
            },
            ...apiLayerZones(),
            ...featureZones('./webapp/src/features'),
            ...featureZones('./bot/src/features'),
          ],
        },
      ],
      // A promise nobody awaits loses its errors; one handed where a void callback is expected too.
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX handlers may return a promise (react-hook-form's handleSubmit does); React ignores what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration in the config module only.',
        },
      ],
    },
  },
  {
    // Routes → service → repository: only repositories talk to the database (docs/architecture.md, Layers).
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/modules/**/*-repository.ts'],
    plugins: { local },
    rules: { 'local/prisma-in-repositories': 'error' },
  },
  {
    files: ['**/config.ts', '**/config/*.ts', '**/env.ts', 'prisma.config.ts', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['tests/**', 'scripts/**', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Local test servers answer with async handlers; a failure there fails the test that waits for the answer.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
  {
    files: ['webapp/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
