// The covers in the organisation's colour that the event form offers beside the four sample images: abstract
// patterns (a glow, waves, stripes, confetti, rays, rings, dots, blocks) drawn from BRAND_COLOR, so they follow the colour
// without a rebuild. Served where the sample images live, /images/events/brand-<pattern>.svg for pages and
// .png for chat apps, which draw a link preview only from PNG or JPEG (share-preview.ts names the PNG).
import { Router } from 'express';
import { BRAND_COVER_PATTERNS, type BrandCoverPattern } from '../../../../shared/constants';

const WIDTH = 1600;
const HEIGHT = 900;
/** The size chat apps ask of a large preview picture, as the build writes the samples' (webapp/share-pictures.ts). */
const PNG_WIDTH = 1200;
/** The colour changes only with a restart: an hour's cache, like the sample images'. */
const CACHE = 'public, max-age=3600';

type Hsl = [hue: number, saturation: number, lightness: number];

function toHsl(hex: string): Hsl {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue =
    max === r
      ? ((g - b) / delta + (g < b ? 6 : 0)) * 60
      : max === g
        ? ((b - r) / delta + 2) * 60
        : ((r - g) / delta + 4) * 60;
  return [hue, saturation, lightness];
}

function toHex([hue, saturation, lightness]: Hsl): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const part = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const sector = Math.floor((((hue % 360) + 360) % 360) / 60);
  const [r, g, b] = [
    [chroma, part, 0],
    [part, chroma, 0],
    [0, chroma, part],
    [0, part, chroma],
    [part, 0, chroma],
    [chroma, 0, part],
  ][sector]!;
  const offset = lightness - chroma / 2;
  return `#${[r, g, b]
    .map((value) =>
      Math.round((value! + offset) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Shades of the brand colour: a deep and a light one, a neighbouring hue for life, and a pale one for dots. */
export function brandPalette(color: string) {
  const [hue, saturation, lightness] = toHsl(color);
  // A muted brand colour is livened up a little; a grey one stays grey (its accent brings the colour).
  const vivid = saturation < 0.08 ? saturation : Math.max(saturation, 0.35);
  return {
    base: color,
    deep: toHex([hue, vivid, clamp(lightness - 0.22, 0.1, 0.3)]),
    light: toHex([hue, vivid, clamp(lightness + 0.2, 0.55, 0.78)]),
    accent: toHex([(hue + 40) % 360, clamp(vivid, 0.5, 0.9), clamp(lightness + 0.08, 0.45, 0.65)]),
    pale: toHex([hue, clamp(vivid, 0.3, 0.8), 0.92]),
  };
}

type Palette = ReturnType<typeof brandPalette>;

/** The same "random" scatter every time, so a cover never changes between requests. */
function scatter(count: number, seed: number): [number, number, number][] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => [next(), next(), next()]);
}

const PATTERNS: Record<BrandCoverPattern, (colors: Palette) => string> = {
  glow: (c) =>
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.deep}"/><stop offset="1" stop-color="${c.base}"/></linearGradient>` +
    `<radialGradient id="a"><stop offset="0" stop-color="${c.accent}" stop-opacity=".9"/><stop offset="1" stop-color="${c.accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="b"><stop offset="0" stop-color="${c.light}" stop-opacity=".85"/><stop offset="1" stop-color="${c.light}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    `<circle cx="1180" cy="260" r="560" fill="url(#a)"/><circle cx="360" cy="760" r="520" fill="url(#b)"/>` +
    `<circle cx="1320" cy="180" r="90" fill="${c.pale}" fill-opacity=".35"/>`,
  waves: (c) =>
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.base}"/>` +
    `<path d="M0 420 C 260 320 520 520 800 420 S 1340 320 1600 420 V900 H0Z" fill="${c.light}" fill-opacity=".55"/>` +
    `<path d="M0 560 C 300 460 560 680 860 560 S 1380 460 1600 560 V900 H0Z" fill="${c.accent}" fill-opacity=".75"/>` +
    `<path d="M0 700 C 280 620 580 800 880 700 S 1400 620 1600 700 V900 H0Z" fill="${c.deep}"/>` +
    `<circle cx="1280" cy="190" r="84" fill="${c.pale}" fill-opacity=".8"/>`,
  stripes: (c) => {
    const bands = Array.from({ length: 9 }, (_, index) => {
      const x = index * 260 - 500;
      const fill = [c.base, c.light, c.accent][index % 3];
      return `<path d="M${x} 900 L${x + 900} 0 H${x + 1030} L${x + 130} 900Z" fill="${fill}" fill-opacity="${index % 3 === 0 ? 1 : 0.7}"/>`;
    }).join('');
    return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.deep}"/>${bands}`;
  },
  confetti: (c) => {
    const colors = [c.pale, c.light, c.accent, c.deep];
    const pieces = scatter(48, 7)
      .map(([x, y, size], index) => {
        const fill = colors[index % colors.length];
        const [cx, cy, r] = [Math.round(x * WIDTH), Math.round(y * HEIGHT), Math.round(16 + size * 34)];
        return index % 2
          ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`
          : `<rect x="${cx}" y="${cy}" width="${r * 2}" height="${Math.round(r * 0.8)}" rx="${Math.round(r * 0.4)}" fill="${fill}" transform="rotate(${Math.round(size * 180)} ${cx} ${cy})"/>`;
      })
      .join('');
    return (
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.base}"/><stop offset="1" stop-color="${c.deep}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>${pieces}`
    );
  },
  rays: (c) => {
    const [cx, cy] = [800, 1000];
    const rays = Array.from({ length: 18 }, (_, index) => {
      const from = ((index * 10 - 180) * Math.PI) / 180;
      const to = ((index * 10 - 175) * Math.PI) / 180;
      const point = (angle: number) =>
        `${Math.round(cx + 2000 * Math.cos(angle))} ${Math.round(cy + 2000 * Math.sin(angle))}`;
      return `<path d="M${cx} ${cy} L${point(from)} L${point(to)}Z" fill="${c.light}" fill-opacity=".3"/>`;
    }).join('');
    return (
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.base}"/>${rays}` +
      `<circle cx="${cx}" cy="${cy}" r="420" fill="${c.accent}"/><circle cx="${cx}" cy="${cy}" r="300" fill="${c.pale}" fill-opacity=".9"/>`
    );
  },
  rings: (c) => {
    const rings = Array.from({ length: 8 }, (_, index) => {
      const fill = index % 2 ? c.base : [c.deep, c.light, c.accent][Math.floor(index / 2) % 3];
      return `<circle cx="1260" cy="450" r="${880 - index * 105}" fill="${fill}"/>`;
    }).join('');
    return (
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.deep}"/>${rings}` +
      `<circle cx="220" cy="180" r="60" fill="${c.pale}" fill-opacity=".6"/><circle cx="380" cy="720" r="30" fill="${c.accent}"/>`
    );
  },
  dots: (c) => {
    const dots = Array.from({ length: 9 * 16 }, (_, index) => {
      const [column, row] = [index % 16, Math.floor(index / 16)];
      // A halftone: the dots grow towards the lower right.
      const r = Math.round(6 + ((column + row) / 23) * 30);
      return `<circle cx="${column * 100 + 50}" cy="${row * 100 + 50}" r="${r}" fill="${c.light}" fill-opacity=".55"/>`;
    }).join('');
    return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.base}"/>${dots}<circle cx="330" cy="300" r="170" fill="${c.accent}"/>`;
  },
  blocks: (c) => {
    const fills = [c.base, c.deep, c.light, c.accent, c.pale];
    // Tiles of 6 × 4, each a nested <svg> so its quarter circle or rounded block stays inside it.
    const blocks = scatter(24, 3)
      .map(([pick, turn], index) => {
        const [x, y] = [(index % 6) * 267, Math.floor(index / 6) * 225];
        const background = fills[index % 3];
        const fill = fills[(index + 1 + Math.floor(pick * 4)) % fills.length];
        const shape =
          turn < 0.6
            ? `<circle cx="${turn < 0.3 ? 0 : 267}" cy="${turn < 0.15 || turn > 0.45 ? 225 : 0}" r="225" fill="${fill}"/>`
            : `<rect x="48" y="42" width="171" height="141" rx="28" fill="${fill}"/>`;
        return `<svg x="${x}" y="${y}" width="267" height="225"><rect width="267" height="225" fill="${background}"/>${shape}</svg>`;
      })
      .join('');
    return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.deep}"/>${blocks}`;
  },
};

export const isBrandCoverPattern = (name: string): name is BrandCoverPattern =>
  (BRAND_COVER_PATTERNS as readonly string[]).includes(name);

/** The pattern as an SVG document in the colour (#rrggbb). */
export function brandCoverSvg(pattern: BrandCoverPattern, color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `${PATTERNS[pattern](brandPalette(color))}</svg>`
  );
}

/** GET /images/events/brand-<pattern>.svg and .png, in the organisation's colour. */
export function brandCoversRouter(color: string): Router {
  const router = Router();
  // A PNG is drawn once per pattern: sharp (loaded on the first one) takes a moment, chat apps ask again and again.
  const pngs = new Map<BrandCoverPattern, Promise<Buffer>>();
  router.get(/^\/images\/events\/brand-([a-z]+)\.(svg|png)$/, (req, res, next) => {
    const [pattern, format] = [req.params[0] ?? '', req.params[1]];
    // Nothing else lives under this name: not the web app's page either.
    if (!isBrandCoverPattern(pattern)) return void res.sendStatus(404);
    const svg = brandCoverSvg(pattern, color);
    res.setHeader('Cache-Control', CACHE);
    if (format === 'svg') return void res.type('image/svg+xml').send(svg);
    let png = pngs.get(pattern);
    if (!png) {
      png = import('sharp').then(({ default: sharp }) =>
        sharp(Buffer.from(svg)).resize({ width: PNG_WIDTH }).png({ compressionLevel: 9 }).toBuffer(),
      );
      pngs.set(pattern, png);
      png.catch(() => pngs.delete(pattern));
    }
    png.then((data) => res.type('image/png').send(data), next);
  });
  return router;
}
