// The cover of the create/edit form: upload a photo (the server checks and resizes it), or pick one of the 4
// sample images or a cover drawn in the organisation's colour (served by the server, never part of the page's
// code), with a preview ('No image selected' when empty). Choosing is optional: an event saved without a cover
// gets one in the brand colour, picked from its name so that events side by side differ. A refused cover (not
// one of ours) says so above the choices.
import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import {
  BRAND_COVER_PATTERNS,
  brandCoverUrl,
  IMAGE_UPLOAD,
  SAMPLE_EVENT_IMAGES,
  type BrandCoverPattern,
} from '../../../../../../shared/constants';
import { buttonClass } from '../../../../components/button/button';
import { FieldError, NecessityMark } from '../../../../components/field/field';
import { defineMessages, translate, useT, type MessageDescriptor } from '../../../../i18n';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { imageSource } from '../../../../lib/images';
import { useUploadImage } from '../../api/upload-image';

const messages = defineMessages({
  label: { id: 'web.events.cover.label', defaultMessage: 'Event Image' },
  selected: { id: 'web.events.cover.selected', defaultMessage: 'Selected event image' },
  none: { id: 'web.events.cover.none', defaultMessage: 'No image selected' },
  fallback: {
    id: 'web.events.cover.fallback',
    defaultMessage: 'Without one, the event gets a cover in our colour.',
  },
  uploading: { id: 'web.events.cover.uploading', defaultMessage: 'Uploading...' },
  upload: { id: 'web.events.cover.upload', defaultMessage: 'Upload a photo' },
  uploadHint: { id: 'web.events.cover.uploadHint', defaultMessage: 'JPEG, PNG, WebP or HEIC, up to {max} MB.' },
  tooLarge: {
    id: 'web.events.cover.tooLarge',
    defaultMessage: 'The image is larger than {max} MB. Please choose a smaller one.',
  },
  wrongType: { id: 'web.events.cover.wrongType', defaultMessage: 'Please choose a JPEG, PNG, WebP or HEIC image.' },
  pick: { id: 'web.events.cover.pick', defaultMessage: 'Or pick a cover:' },
  sample: { id: 'web.events.cover.sample', defaultMessage: 'Sample image: {name}' },
  brand: { id: 'web.events.cover.brand', defaultMessage: 'Cover in our colour: {name}' },
  campfire: { id: 'web.events.cover.campfire', defaultMessage: 'campfire' },
  concert: { id: 'web.events.cover.concert', defaultMessage: 'concert' },
  hike: { id: 'web.events.cover.hike', defaultMessage: 'hike' },
  workshop: { id: 'web.events.cover.workshop', defaultMessage: 'workshop' },
  glow: { id: 'web.events.cover.glow', defaultMessage: 'glow' },
  waves: { id: 'web.events.cover.waves', defaultMessage: 'waves' },
  stripes: { id: 'web.events.cover.stripes', defaultMessage: 'stripes' },
  confetti: { id: 'web.events.cover.confetti', defaultMessage: 'confetti' },
  rays: { id: 'web.events.cover.rays', defaultMessage: 'rays' },
  rings: { id: 'web.events.cover.rings', defaultMessage: 'rings' },
  dots: { id: 'web.events.cover.dots', defaultMessage: 'dots' },
  blocks: { id: 'web.events.cover.blocks', defaultMessage: 'blocks' },
});

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
const MAX_MB = IMAGE_UPLOAD.maxBytes / 1024 / 1024;

const SAMPLE_NAMES: Record<string, MessageDescriptor> = {
  campfire: messages.campfire,
  concert: messages.concert,
  hike: messages.hike,
  workshop: messages.workshop,
};
const BRAND_NAMES: Record<BrandCoverPattern, MessageDescriptor> = {
  glow: messages.glow,
  waves: messages.waves,
  stripes: messages.stripes,
  confetti: messages.confetti,
  rays: messages.rays,
  rings: messages.rings,
  dots: messages.dots,
  blocks: messages.blocks,
};

/** Every cover to pick from, each with the words a screen reader says for it. */
const CHOICES: { url: string; alt: (t: typeof translate) => string }[] = [
  ...SAMPLE_EVENT_IMAGES.map((url) => {
    const name = /([a-z0-9-]+)\.svg$/.exec(url)?.[1] ?? url;
    const described = SAMPLE_NAMES[name];
    return { url, alt: (t: typeof translate) => t(messages.sample, { name: described ? t(described) : name }) };
  }),
  ...BRAND_COVER_PATTERNS.map((pattern) => ({
    url: brandCoverUrl(pattern),
    alt: (t: typeof translate) => t(messages.brand, { name: t(BRAND_NAMES[pattern]) }),
  })),
];

/** The cover an event saved without one gets: a brand cover chosen by its name, the same for the same name. */
export function fallbackCover(name: string): string {
  let sum = 0;
  for (const char of name.trim()) sum = (sum * 31 + char.charCodeAt(0)) % 9973;
  return brandCoverUrl(BRAND_COVER_PATTERNS[sum % BRAND_COVER_PATTERNS.length]!);
}

/** Checked here first so a member does not wait for a 10 MB upload the server refuses anyway. */
function localProblem(file: File): string | null {
  if (file.size > IMAGE_UPLOAD.maxBytes) return translate(messages.tooLarge, { max: MAX_MB });
  if (file.type && !ACCEPT.split(',').includes(file.type)) return translate(messages.wrongType);
  return null;
}

interface CoverPickerProps {
  value: string;
  onChange: (url: string) => void;
  /** The form's message for the cover (missing or not allowed), in the member's language. */
  error?: string | null;
}

export function CoverPicker({ value, onChange, error }: CoverPickerProps) {
  const t = useT();
  const upload = useUploadImage();
  const [localError, setLocalError] = useState<string | null>(null);
  const id = useId();
  const uploadErrorId = `${id}-upload-error`;
  const errorId = `${id}-error`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.reset();
    const problem = localProblem(file);
    setLocalError(problem);
    if (problem) return;
    upload.mutate(file, { onSuccess: (image) => onChange(image.imageUrl) });
  };
  // The server's own words ('The image is too large', 'Not an image we can read'), without the status prefix.
  const uploadError =
    localError ??
    (upload.error instanceof ApiError ? (upload.error.serverMessage ?? errorMessage(upload.error)) : null) ??
    (upload.error ? errorMessage(upload.error) : null);

  const preview = value ? imageSource(value, 'card') : null;
  return (
    <div
      role="group"
      className="cover-picker"
      aria-labelledby={`${id}-label`}
      aria-describedby={uploadError ? uploadErrorId : undefined}
      data-invalid={error ? true : undefined}
    >
      <span id={`${id}-label`} className="label">
        {t(messages.label)}
        <NecessityMark necessity="optional" />
      </span>
      <div className="cover-preview">
        {preview ? <img {...preview} alt={t(messages.selected)} /> : <span>{t(messages.none)}</span>}
      </div>
      {!preview && <p className="hint">{t(messages.fallback)}</p>}
      <div className="cover-upload">
        <label className={buttonClass({ variant: 'secondary' })}>
          <ImagePlus size={18} aria-hidden="true" />
          {upload.isPending ? t(messages.uploading) : t(messages.upload)}
          <input
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            disabled={upload.isPending}
            aria-describedby={error ? errorId : undefined}
            onChange={choose}
          />
        </label>
        <span className="hint">{t(messages.uploadHint, { max: MAX_MB })}</span>
      </div>
      <FieldError id={uploadErrorId} message={uploadError} />
      <p id={`${id}-pick`} className="hint">
        {t(messages.pick)}
      </p>
      <FieldError id={errorId} message={error} />
      <div
        role="radiogroup"
        className="image-picker"
        aria-labelledby={`${id}-pick`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {CHOICES.map(({ url, alt }) => (
          <label key={url} className="image-option">
            <input type="radio" name="event-image" value={url} checked={value === url} onChange={() => onChange(url)} />
            <img src={url} alt={alt(t)} width={160} height={90} loading="lazy" decoding="async" />
          </label>
        ))}
      </div>
    </div>
  );
}
