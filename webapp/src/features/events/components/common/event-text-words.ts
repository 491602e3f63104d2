// The event's optional texts (shared/event-texts.ts) as the web app shows them: the form's label and the hint
// under it, and for a text members read its heading on the details page. Kept here, not in shared/, so that the
// screens that show them load these words with their own.
import type { EventTextKey, MemberTextKey } from '../../../../../../shared/event-texts';
import { defineMessages, type MessageDescriptor } from '../../../../i18n';

type TextWords<K extends EventTextKey> = {
  label: MessageDescriptor;
  hint: MessageDescriptor;
} & (K extends MemberTextKey ? { heading: MessageDescriptor } : unknown);

export const EVENT_TEXT_WORDS: { [K in EventTextKey]: TextWords<K> } = {
  publicSummary: defineMessages({
    label: { id: 'web.events.form.publicSummary', defaultMessage: 'Public summary' },
    hint: {
      id: 'web.events.form.publicSummaryHint',
      defaultMessage:
        'Visitors and link previews in chats see this. Write it for people outside the group: never the place or anything private.',
    },
  }),
  whatToBring: defineMessages({
    label: { id: 'web.events.form.whatToBring', defaultMessage: 'What to bring' },
    hint: {
      id: 'web.events.form.whatToBringHint',
      defaultMessage: 'Kit, food, money for the bus: members see it on the event page and in their calendar.',
    },
    heading: { id: 'web.events.details.whatToBring', defaultMessage: 'What to bring' },
  }),
};
