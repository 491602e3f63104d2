// Who may see photos of a child: the guardian's choice, saved at once.
import { useState } from 'react';
import { PHOTO_CONSENTS, type PhotoConsent } from '../../../../../shared/constants';
import type { GuardianChild } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useT, type MessageDescriptor, type Translate } from '../../../i18n';
import { useSetPhotoConsent } from '../api/children';
import { firstName, guardianMessages as messages } from './guardian-messages';
import styles from './guardian.module.css';

/** Each photo choice: its label and what it means for the child (named by first name). */
const PHOTO_TEXT: Record<PhotoConsent, [MessageDescriptor, MessageDescriptor]> = {
  full: [messages.photoFull, messages.photoFullText],
  internal: [messages.photoInternal, messages.photoInternalText],
  none: [messages.photoNone, messages.photoNoneText],
};

const photoText = (t: Translate, value: PhotoConsent, name: string) => t(PHOTO_TEXT[value][1], { name });

export function PhotoChoice({ child }: { child: GuardianChild }) {
  const save = useSetPhotoConsent();
  const first = firstName(child.name);
  const [shown, setShown] = useState(child.photoConsent);
  const t = useT();
  const choose = (photoConsent: PhotoConsent) => {
    setShown(photoConsent);
    save.mutate(
      { childId: child.id, photoConsent },
      {
        onSuccess: () => toast({ title: t(messages.photoSaved), description: photoText(t, photoConsent, first) }),
        onError: (error) => {
          setShown(child.photoConsent);
          toastError(t(messages.photoFailed), errorMessage(error));
        },
      },
    );
  };
  return (
    <fieldset className={styles.choices} disabled={save.isPending}>
      <legend>{t(messages.photosOf, { name: first })}</legend>
      {PHOTO_CONSENTS.map((value) => {
        const label = t(PHOTO_TEXT[value][0]);
        const text = photoText(t, value, first);
        return (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`photo-${child.id}`}
              value={value}
              checked={shown === value}
              onChange={() => choose(value)}
            />
            <span>
              <strong>{label}</strong>
              <span className="muted">{text}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
