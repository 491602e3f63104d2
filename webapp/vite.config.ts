import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { i18nCatalogs } from './i18n-catalogs';
import { precompress } from './precompress';
import { sharePictures } from './share-pictures';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [i18nCatalogs(), react(), precompress(), sharePictures()],
  build: {
    outDir: fileURLToPath(new URL('../dist/webapp', import.meta.url)),
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">: the polyfill would only add first-page bytes.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunk holds which page, for the server to name the route's chunks in the page
    // it sends (api/src/http/first-screen.ts). A dot folder: the static files never serve it.
    manifest: true,
    rollupOptions: {
      output: {
        // React and its JSX runtime in one chunk, which every page loads: left alone, the bundler splits them
        // into two small chunks whenever a lazily loaded module uses React without JSX (form validation does).
        codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/ }] },
      },
    },
  },
  server: {
    // The covers in the brand colour are drawn by the server (api/src/modules/web/brand-covers.ts).
    proxy: { '/api': 'http://127.0.0.1:3000', '^/images/events/brand-': 'http://127.0.0.1:3000' },
  },
});
