// Turns an uploaded file into the cover photo variants we store: the content decides what it is (never the
// name or the Content-Type), pictures are turned upright, every bit of metadata (EXIF GPS of photos of young
// people!) is dropped, and each width is re-encoded as WebP. Refusals are domain errors with a clear message.
import type { Sharp } from 'sharp';
import { IMAGE_UPLOAD } from '../../../../shared/constants';
import { invalid, tooLarge } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';

export const IMAGE_MESSAGES = {
  empty: MSG.imageEmpty,
  tooManyBytes: MSG.imageTooManyBytes,
  tooManyPixels: MSG.imageTooManyPixels({ megapixels: IMAGE_UPLOAD.maxPixels / 1_000_000 }),
  notAnImage: MSG.imageNotReadable,
  wrongFormat: MSG.imageWrongFormat,
  heicUnsupported: MSG.imageHeicUnsupported,
} as const;

export interface ImageVariant {
  /** The nominal width (480, 960, 1600); smaller pictures are never enlarged, so the real one may be less. */
  size: number;
  data: Buffer;
  width: number;
  height: number;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

interface Codec {
  sharp: (typeof import('sharp'))['default'];
  /** Whether this sharp build decodes HEVC-compressed HEIF (iPhone photos); the prebuilt one reads AVIF only. */
  decodesHeic: boolean;
}

let codec: Promise<Codec> | undefined;
/**
 * sharp (and libvips, a sizeable share of a process's memory) is loaded with the first upload, not at start:
 * most processes serve reads all day and never decode a picture (docs/performance.md has the figure).
 */
function loadCodec(): Promise<Codec> {
  codec ??= import('sharp').then(({ default: sharp }) => ({
    sharp,
    decodesHeic: (sharp.format.heif?.input.fileSuffix ?? []).some((suffix) => suffix === '.heic'),
  }));
  return codec;
}
/** ISO-BMFF brands of HEVC-coded HEIF files. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const WEBP = { quality: 80, effort: 4 } as const;
/** A decoder that takes longer than this is fed something hostile or absurd. */
const PROCESSING_SECONDS = 20;

/** One upload is decoded at a time per process: a 40-megapixel picture takes some 160 MB while it is resized. */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = previous.then(task, task);
  previous = run.catch(() => undefined);
  return run;
}

const isHeicFile = (bytes: Buffer) =>
  bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(bytes.toString('latin1', 8, 12));

/** sharp's own words for a picture over limitInputPixels. */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

function refusalFor(error: unknown, bytes: Buffer, { decodesHeic }: Codec): Error {
  if (isPixelLimitError(error)) return invalid(IMAGE_MESSAGES.tooManyPixels);
  if (isHeicFile(bytes) && !decodesHeic) return invalid(IMAGE_MESSAGES.heicUnsupported);
  return invalid(IMAGE_MESSAGES.notAnImage);
}

const decoder = ({ sharp }: Codec, bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'warning' });

/** Reads only the header: what the file is and how big its picture claims to be, before decoding anything. */
async function checkHeader(codec: Codec, bytes: Buffer): Promise<void> {
  const meta = await decoder(codec, bytes)
    .metadata()
    .catch((error: unknown) => {
      throw refusalFor(error, bytes, codec);
    });
  if (!ACCEPTED_FORMATS.has(meta.format ?? '')) throw invalid(IMAGE_MESSAGES.wrongFormat);
  if (meta.format === 'heif' && meta.compression === 'hevc' && !codec.decodesHeic) {
    throw invalid(IMAGE_MESSAGES.heicUnsupported);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_UPLOAD.maxPixels) throw invalid(IMAGE_MESSAGES.tooManyPixels);
}

async function encode(input: Sharp, size: number): Promise<ImageVariant> {
  const { data, info } = await input
    .resize({ width: size, withoutEnlargement: true })
    .webp(WEBP)
    .timeout({ seconds: PROCESSING_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { size, data, width: info.width, height: info.height };
}

/**
 * The stored variants, widest first. The widest comes from the upload (turned upright by its EXIF
 * orientation; sharp writes no metadata unless asked); the others are scaled from it, which is far cheaper
 * than decoding a 40-megapixel upload three times.
 */
export async function processImage(bytes: Buffer): Promise<ImageVariant[]> {
  if (bytes.length === 0) throw invalid(IMAGE_MESSAGES.empty);
  if (bytes.length > IMAGE_UPLOAD.maxBytes) throw tooLarge(IMAGE_MESSAGES.tooManyBytes);
  const codec = await loadCodec();
  await checkHeader(codec, bytes);
  const [widest, ...others] = [...IMAGE_UPLOAD.widths].sort((a, b) => b - a) as [number, ...number[]];
  return oneAtATime(async () => {
    try {
      const largest = await encode(decoder(codec, bytes).autoOrient(), widest);
      const smaller = await Promise.all(others.map((size) => encode(codec.sharp(largest.data), size)));
      return [largest, ...smaller];
    } catch (error) {
      throw refusalFor(error, bytes, codec);
    }
  });
}
