// The words of the siblings' reply on the family home: the card of events several children may go to, and the
// sheet that replies for them together.
import { defineMessages } from '../../../i18n';

export const siblingsMessages = defineMessages({
  cardTitle: { id: 'web.family.siblings.cardTitle', defaultMessage: 'Reply for several children' },
  cardIntro: {
    id: 'web.family.siblings.cardIntro',
    defaultMessage: 'Events more than one of your children can go to. Reply for them in one go.',
  },
  replyFor: { id: 'web.family.siblings.replyFor', defaultMessage: 'Reply together' },
  replyForLabel: { id: 'web.family.siblings.replyForLabel', defaultMessage: 'Reply for {names} to {event}' },
  sheetTitle: { id: 'web.family.siblings.sheetTitle', defaultMessage: 'Reply for your children' },
  who: { id: 'web.family.siblings.who', defaultMessage: 'Who is going' },
  placesLeft: {
    id: 'web.family.siblings.placesLeft',
    defaultMessage: '{count, plural, =0 {No places left} one {# place left} other {# places left}}',
  },
  together: { id: 'web.family.siblings.together', defaultMessage: 'All or none' },
  togetherHint: {
    id: 'web.family.siblings.togetherHint',
    defaultMessage:
      'They get places only if there is one for each of them. Otherwise none is booked: they wait together on the waitlist and get places together.',
  },
  included: { id: 'web.family.siblings.included', defaultMessage: 'Replying for: {names}' },
  noneChosen: { id: 'web.family.siblings.noneChosen', defaultMessage: 'Choose at least one child.' },
  send: {
    id: 'web.family.siblings.send',
    defaultMessage: '{count, plural, one {Send: {names} is going} other {Send: {names} are going}}',
  },
  replied: { id: 'web.family.siblings.replied', defaultMessage: 'Reply saved' },
  allGoing: {
    id: 'web.family.siblings.allGoing',
    defaultMessage: '{count, plural, one {{names} is going to {event}.} other {{names} are going to {event}.}}',
  },
  noneBooked: {
    id: 'web.family.siblings.noneBooked',
    defaultMessage:
      '{count, plural, one {There is no place for {names} now: {names} waits on the waitlist, place {position, number}.} other {There is not a place for each of them, so none was booked. {names} wait together on the waitlist from place {position, number} and get places together when there is room.}}',
  },
  mixed: {
    id: 'web.family.siblings.mixed',
    defaultMessage: 'Going: {going}. On the waitlist: {waiting}.',
  },
});
