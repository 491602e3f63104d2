// The event's optional texts in the form, one box each, as shared/event-texts.ts declares them: those members read
// sit after the place; the words for visitors show only while the event is public.
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  EVENT_TEXT_KEYS,
  EVENT_TEXTS,
  eachText,
  type EventTextKey,
  type EventTexts,
} from '../../../../../../shared/event-texts';
import { Field } from '../../../../components/field/field';
import { useT } from '../../../../i18n';
import { EVENT_TEXT_WORDS } from '../common/event-text-words';

/** The texts as the form holds them: '' is none. */
export type TextValues = { [K in EventTextKey]: string };

export const noTexts = (): TextValues => eachText(() => '');
export const textValuesOf = (event: EventTexts): TextValues => eachText((key) => event[key] ?? '');

/** publicSummary → event-public-summary: the control's id, which labels elsewhere may point at. */
const controlId = (key: EventTextKey) => `event-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

interface EventTextFieldsProps {
  readBy: 'members' | 'visitors';
  register: (key: EventTextKey) => UseFormRegisterReturn;
  error: (key: EventTextKey) => string | null;
}

export function EventTextFields({ readBy, register, error }: EventTextFieldsProps) {
  const t = useT();
  return EVENT_TEXT_KEYS.filter((key) => EVENT_TEXTS[key].readBy === readBy).map((key) => (
    <Field
      key={key}
      label={t(EVENT_TEXT_WORDS[key].label)}
      necessity="optional"
      id={controlId(key)}
      hint={t(EVENT_TEXT_WORDS[key].hint)}
      error={error(key)}
    >
      <textarea rows={EVENT_TEXTS[key].rows} maxLength={EVENT_TEXTS[key].max} {...register(key)} />
    </Field>
  ));
}
