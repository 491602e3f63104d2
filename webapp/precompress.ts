// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at maximum
// compression, so the server sends compressed bytes without compressing per request (express-static-gzip
// picks the copy the browser accepts). A file is left alone when compressing saves less than its headers would
// cost: below 256 bytes, or when the copy is not a fifth smaller (the small message parts of the build are JSON
// and shrink by half).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 256;
const MIN_SAVING = 0.2;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        if (br.length > bytes.length * (1 - MIN_SAVING)) continue;
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
