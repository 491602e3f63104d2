// The picture a chat app shows under a shared link of an upcoming public event: its name and date written over
// its cover, 1200×630 PNG (the size Open Graph asks for). Drawn once per change of what it shows (the key is a hash
// of it), kept in the database so every instance serves the same bytes, and served at a stable address whose
// `v` names the version, so a chat app that keeps pictures by address takes a new one after an edit.
//
// The text is laid out by sharp's own Pango (wrapping, Arabic shaping, right-to-left), with the fonts the machine
// has (fontconfig): DejaVu Sans where it is installed (docs/operations.md), any sans-serif otherwise.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { IMAGE_UPLOAD, SAMPLE_EVENT_IMAGES } from '../../../../shared/constants';
import { momentWithZone } from '../../../../shared/date-format';
import { TEXT_DIRECTION, type Language } from '../../../../shared/i18n/languages';
import { uploadedImageId } from '../../../../shared/schemas/events';
import type { EventPreview } from '../../../../shared/types';
import { brandCoverSvg, isBrandCoverPattern } from './brand-covers';

export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 630;
/** Raised when the drawing changes, so every kept picture is drawn again. */
const DRAWING_VERSION = 1;
const MARGIN = 64;
const TEXT_WIDTH = PICTURE_WIDTH - 2 * MARGIN;
/** Fonts in the order Pango tries them; it falls back per letter (Arabic in DejaVu Sans, say). */
const FONT = 'DejaVu Sans,Noto Sans,Liberation Sans,sans-serif';
/** The name's sizes, largest first: the first that keeps it within NAME_HEIGHT is taken. */
const NAME_SIZES = [68, 58, 50, 42, 36];
const NAME_HEIGHT = 250;
const DATE_SIZE = 34;
const BRAND_COVER = /^\/images\/events\/brand-([a-z]+)\.svg$/;

/** What the picture shows, in the language it is written in: what its key is a hash of. */
export interface PictureContent {
  name: string;
  date: string;
  timeZone: string;
  imageUrl: string;
  language: Language;
  /** The brand colour, which a brand cover is drawn in. */
  brandColor: string;
}

export function pictureContent(preview: EventPreview, language: Language, brandColor: string): PictureContent {
  const { name, date, timeZone, imageUrl } = preview;
  return { name, date, timeZone, imageUrl, language, brandColor: BRAND_COVER.test(imageUrl) ? brandColor : '' };
}

/** A hash of everything the picture shows: the same content gives the same key on every instance. */
export function pictureKey(content: PictureContent): string {
  const { name, date, timeZone, imageUrl, language, brandColor } = content;
  const shown = JSON.stringify([DRAWING_VERSION, name, date, timeZone, imageUrl, language, brandColor]);
  return createHash('sha256').update(shown).digest('base64url').slice(0, 22);
}

/** The picture's address as og:image names it (its path answers whatever `v` says: the newest picture). */
export const picturePath = (id: number, key: string) => `/api/events/${id}/preview.png?v=${key}`;

/** Where the cover's pixels come from: an upload's widest WebP, a sample's SVG in the web app, a brand cover. */
export interface CoverSource {
  readUpload(id: string, size: number): Promise<Buffer | null>;
  webappDir: string;
}

async function coverBytes(imageUrl: string, brandColor: string, source: CoverSource): Promise<Buffer | null> {
  const upload = uploadedImageId(imageUrl);
  if (upload) {
    const widest = await source.readUpload(upload, Math.max(...IMAGE_UPLOAD.widths));
    return widest ?? source.readUpload(upload, IMAGE_UPLOAD.defaultWidth);
  }
  const brand = BRAND_COVER.exec(imageUrl)?.[1];
  if (brand && isBrandCoverPattern(brand)) return Buffer.from(brandCoverSvg(brand, brandColor));
  if ((SAMPLE_EVENT_IMAGES as readonly string[]).includes(imageUrl)) {
    return readFile(path.join(source.webappDir, imageUrl)).catch(() => null);
  }
  return null;
}

type Sharp = (typeof import('sharp'))['default'];

/** One block of white text, wrapped to the text width; null when the machine could not lay it out. */
async function textBlock(sharp: Sharp, text: string, size: number, opacity: number, align: 'left' | 'right') {
  const alpha = Math.round(opacity * 100);
  const markup = `<span foreground="#ffffff" alpha="${alpha}%">${escapeHtml(text)}</span>`;
  const image = sharp({
    text: { text: markup, font: `${FONT} Bold ${size}px`, width: TEXT_WIDTH, wrap: 'word', rgba: true, align, dpi: 72 },
  });
  const data = await image.png().toBuffer();
  const { width = 0, height = 0 } = await sharp(data).metadata();
  return { data, width, height };
}

/** The name at the largest size that fits its space, cut at its space should even the smallest not. */
async function nameBlock(sharp: Sharp, name: string, align: 'left' | 'right') {
  let block = await textBlock(sharp, name, NAME_SIZES[0]!, 1, align);
  for (const size of NAME_SIZES.slice(1)) {
    if (block.height <= NAME_HEIGHT) break;
    block = await textBlock(sharp, name, size, 1, align);
  }
  if (block.height <= NAME_HEIGHT) return block;
  const data = await sharp(block.data)
    .extract({ left: 0, top: 0, width: block.width, height: NAME_HEIGHT })
    .png()
    .toBuffer();
  return { data, width: block.width, height: NAME_HEIGHT };
}

/** A shade over the lower part of the cover, so white text reads on any picture. */
const SHADE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}">` +
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#000" stop-opacity=".05"/><stop offset=".35" stop-color="#000" stop-opacity=".2"/>' +
    '<stop offset="1" stop-color="#000" stop-opacity=".82"/></linearGradient></defs>' +
    `<rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="url(#s)"/></svg>`,
);

/** Draws the picture: the cover filling 1200×630 (the brand colour without one), the shade, the name and date. */
export async function drawPicture(content: PictureContent, source: CoverSource): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const cover = await coverBytes(content.imageUrl, content.brandColor || '#4f46e5', source);
  const background = cover
    ? sharp(cover, { density: 200 }).resize(PICTURE_WIDTH, PICTURE_HEIGHT, { fit: 'cover' })
    : sharp({
        create: {
          width: PICTURE_WIDTH,
          height: PICTURE_HEIGHT,
          channels: 3,
          background: content.brandColor || '#4f46e5',
        },
      });
  const base = await background.png().toBuffer();
  const align = TEXT_DIRECTION[content.language] === 'rtl' ? 'right' : 'left';
  const when = momentWithZone(new Date(content.date), content.timeZone, content.language);
  const [name, date] = await Promise.all([
    nameBlock(sharp, content.name, align),
    textBlock(sharp, when, DATE_SIZE, 0.88, align),
  ]);
  const dateTop = PICTURE_HEIGHT - MARGIN - date.height;
  const nameTop = dateTop - 18 - name.height;
  const left = (block: { width: number }) => (align === 'right' ? PICTURE_WIDTH - MARGIN - block.width : MARGIN);
  return sharp(base)
    .composite([
      { input: SHADE, left: 0, top: 0 },
      { input: name.data, left: left(name), top: nameTop },
      { input: date.data, left: left(date), top: dateTop },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
