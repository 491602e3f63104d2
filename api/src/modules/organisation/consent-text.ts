// The consent text a guardian reads before consenting, until an admin saves the organisation's own (then that
// one, as written). It says what the child will do, what is kept about them, how photos are handled and how
// consent is withdrawn: what safeguarding guidance for youth groups asks a parent to be told before they agree.
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';

const messages = defineMessages({
  text: {
    id: 'organisation.consentText.default',
    description:
      'What a parent agrees to, shown above the "I give consent" button (web.guardian.consent.giveConsent: use its words). Paragraphs are separated by a blank line.',
    defaultMessage: `By pressing "I give consent" you confirm that you are this child's parent or legal guardian and that you agree to them taking part in our group.

What your child will do: see our events, reply to them, join the activities they sign up for and write comments on events. Events that need your approval (trips, overnight stays) will ask you separately each time.

What we keep: your child's name, date of birth, the contact details they gave us, their replies and comments, and this consent (who gave it, when, how and which version of this text). We keep them while your child is a member and use them only to run our events.

Photos: other members see your child by first name and last initial, without a photo. Photos of your child are shared only as you choose in your guardian account (nobody, organisers only, or everyone); until you choose, nobody.

Your account: you can see your child's upcoming events, change the photo choice and withdraw consent at any time in your guardian account. Withdrawing releases your child's places at upcoming events; your child can still sign in and see events but cannot reply or comment until consent is given again.`,
  },
});

/**
 * The shipped text in `language`. Every language says the same, so a guardian who reads it in theirs agrees to
 * version 0 like everyone else; an organisation's own text is one text, as its admin wrote it.
 */
export const defaultConsentText = (language: Language = SOURCE_LANGUAGE): string =>
  translator.t(language, messages.text.id);

export const DEFAULT_CONSENT_TEXT = defaultConsentText();
