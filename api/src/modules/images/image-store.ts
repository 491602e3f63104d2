// Where uploaded cover photos live, as one small interface: the default keeps them in the database (PostgreSQL
// or PGlite), which every API instance shares; another backend (object storage) can implement the same calls.
import type { ImageVariant } from './image-processing';

export interface NewImage {
  id: string;
  uploaderId: number;
  /** Of the widest variant. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

export interface ImageInfo {
  id: string;
  uploaderId: number | null;
  /** The event whose cover it is; null until an event uses it. */
  eventId: number | null;
}

export interface ImageStore {
  /** Stores the image and all its variants, or nothing. */
  save(image: NewImage): Promise<void>;
  find(id: string): Promise<ImageInfo | null>;
  /** The WebP bytes of one variant, or null when there is no such image or size. */
  readVariant(id: string, size: number): Promise<Buffer | null>;
  /** Removes uploads no event took up, made before `cutoff`; says how many. */
  deleteUnattachedBefore(cutoff: Date): Promise<number>;
}
