// Writes a PNG beside each sample cover (public/images/events/*.svg) in the build: chat apps (Telegram,
// WhatsApp) draw a link preview's picture from PNG or JPEG, never from SVG, so a shared event with a sample
// cover names the PNG in its og:image (api/src/modules/web/share-preview.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The size chat apps ask of a large preview picture (1.91:1 is cropped from the 16:9 cover's centre). */
const WIDTH = 1200;

export function sharePictures(): Plugin {
  let outDir = '';
  return {
    name: 'share-pictures',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const dir = path.join(outDir, 'images', 'events');
      const covers = readdirSync(dir).filter((name) => name.endsWith('.svg'));
      await Promise.all(
        covers.map((name) =>
          sharp(readFileSync(path.join(dir, name)), { density: 300 })
            .resize({ width: WIDTH })
            .png({ compressionLevel: 9 })
            .toFile(path.join(dir, name.replace(/\.svg$/, '.png'))),
        ),
      );
    },
  };
}
