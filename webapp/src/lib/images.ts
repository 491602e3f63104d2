// Every event image goes through here: an uploaded image (/api/images/<id>) is offered in three widths so a
// phone downloads the small one; the sample images (SVG) are used as they are.
import { IMAGE_UPLOAD, UPLOADED_IMAGE_URL } from '../../../shared/constants';

/** `sizes` for the places an image appears: a card in the grid, or the wide cover on the details page. */
export const IMAGE_SIZES = {
  card: '(min-width: 1024px) 340px, (min-width: 640px) 50vw, 100vw',
  cover: '(min-width: 1120px) 880px, 100vw',
  thumb: '160px',
} as const;

export interface ImageSource {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export const isUploadedImage = (url: string) => UPLOADED_IMAGE_URL.test(url);

export function imageSource(url: string, sizes: keyof typeof IMAGE_SIZES): ImageSource {
  if (!isUploadedImage(url)) return { src: url };
  return {
    src: `${url}/${IMAGE_UPLOAD.defaultWidth}.webp`,
    srcSet: IMAGE_UPLOAD.widths.map((width) => `${url}/${width}.webp ${width}w`).join(', '),
    sizes: IMAGE_SIZES[sizes],
  };
}
