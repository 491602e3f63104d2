// The cover of the create/edit form: upload a photo (the server checks and resizes it) or pick one of the 4
// sample images, with a preview ('No image selected' when empty).
import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD, SAMPLE_EVENT_IMAGES } from '../../../../../shared/constants';
import { buttonClass } from '../../../components/button/button';
import { FieldError } from '../../../components/field/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { imageSource } from '../../../lib/images';
import { useUploadImage } from '../api/upload-image';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
const MAX_MB = IMAGE_UPLOAD.maxBytes / 1024 / 1024;

const imageName = (url: string) =>
  url
    .split('/')
    .pop()
    ?.replace(/\.\w+$/, '') ?? url;

/** Checked here first so a member does not wait for a 10 MB upload the server refuses anyway. */
function localProblem(file: File): string | null {
  if (file.size > IMAGE_UPLOAD.maxBytes) return `The image is larger than ${MAX_MB} MB. Please choose a smaller one.`;
  if (file.type && !ACCEPT.split(',').includes(file.type)) return 'Please choose a JPEG, PNG, WebP or HEIC image.';
  return null;
}

interface CoverPickerProps {
  value: string;
  onChange: (url: string) => void;
  invalid?: boolean;
}

export function CoverPicker({ value, onChange, invalid }: CoverPickerProps) {
  const upload = useUploadImage();
  const [localError, setLocalError] = useState<string | null>(null);
  const id = useId();
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
      aria-describedby={uploadError ? errorId : undefined}
      data-invalid={invalid || undefined}
    >
      <span id={`${id}-label`} className="label">
        Event Image
      </span>
      <div className="cover-preview">
        {preview ? <img {...preview} alt="Selected event image" /> : <span>No image selected</span>}
      </div>
      <div className="cover-upload">
        <label className={buttonClass({ variant: 'secondary' })}>
          <ImagePlus size={18} aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Upload a photo'}
          <input
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            disabled={upload.isPending}
            onChange={choose}
          />
        </label>
        <span className="hint">JPEG, PNG, WebP or HEIC, up to {MAX_MB} MB.</span>
      </div>
      <FieldError id={errorId} message={uploadError} />
      <p className="hint">Or pick a sample image:</p>
      <div className="image-picker">
        {SAMPLE_EVENT_IMAGES.map((url) => (
          <label key={url} className="image-option">
            <input type="radio" name="event-image" value={url} checked={value === url} onChange={() => onChange(url)} />
            <img src={url} alt={`Sample image: ${imageName(url)}`} width={160} height={90} />
          </label>
        ))}
      </div>
    </div>
  );
}
