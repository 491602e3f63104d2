// The guardian's home's words, shared by its parts (the page, each child's card, their events, photos).
import { defineMessages } from '../../../i18n';

export const guardianMessages = defineMessages({
  photoFull: { id: 'web.guardian.photos.full', defaultMessage: 'Everyone at the events' },
  photoFullText: {
    id: 'web.guardian.photos.fullText',
    defaultMessage: 'Photos of {name} may be shown to other members.',
  },
  photoInternal: { id: 'web.guardian.photos.internal', defaultMessage: 'Organisers only' },
  photoInternalText: {
    id: 'web.guardian.photos.internalText',
    defaultMessage: 'Only organisers and admins see photos; other members never do.',
  },
  photoNone: { id: 'web.guardian.photos.none', defaultMessage: 'No photos' },
  photoNoneText: { id: 'web.guardian.photos.noneText', defaultMessage: 'No photos of {name} are shown to anyone.' },
  photoSaved: { id: 'web.guardian.photos.saved', defaultMessage: 'Photo permission saved' },
  photoFailed: { id: 'web.guardian.photos.failed', defaultMessage: 'Could not save the photo permission' },
  photosOf: { id: 'web.guardian.photos.legend', defaultMessage: 'Photos of {name}' },
  consentGiven: { id: 'web.guardian.child.consentGiven', defaultMessage: 'Consent given' },
  noConsentYet: { id: 'web.guardian.child.noConsentYet', defaultMessage: 'No consent yet' },
  noConsent: { id: 'web.guardian.child.noConsent', defaultMessage: 'No consent' },
  noConsentNeeded: { id: 'web.guardian.child.noConsentNeeded', defaultMessage: 'No consent needed' },
  attending: { id: 'web.guardian.status.attending', defaultMessage: 'Attending' },
  maybe: { id: 'web.guardian.status.maybe', defaultMessage: 'Maybe' },
  waitlisted: { id: 'web.guardian.status.waitlisted', defaultMessage: 'Waitlisted' },
  awaitingGuardian: { id: 'web.guardian.status.awaitingGuardian', defaultMessage: 'Waiting for a guardian' },
  awaitingPayment: { id: 'web.payments.guardian.awaitingPayment', defaultMessage: 'Place held until paid' },
  notAttending: { id: 'web.guardian.status.notAttending', defaultMessage: 'Not Attending' },
  notResponded: { id: 'web.guardian.status.notResponded', defaultMessage: 'Not Responded' },
  approved: { id: 'web.guardian.slip.approved', defaultMessage: 'Approved' },
  declined: { id: 'web.guardian.slip.declined', defaultMessage: 'Declined' },
  approvedText: { id: 'web.guardian.slip.approvedText', defaultMessage: '{name} is going to {event}.' },
  declinedText: { id: 'web.guardian.slip.declinedText', defaultMessage: "{name}'s place at {event} is released." },
  answerFailed: { id: 'web.guardian.slip.answerFailed', defaultMessage: 'Could not save your answer' },
  slipsToAnswer: {
    id: 'web.guardian.slip.toAnswer',
    defaultMessage: '{count, plural, one {# slip to answer} other {# slips to answer}}',
  },
  slipsWaiting: { id: 'web.guardian.slip.waiting', defaultMessage: 'Permission slips waiting' },
  approveFor: { id: 'web.guardian.slip.approveFor', defaultMessage: 'Approve {event} for {name}' },
  approve: { id: 'web.guardian.slip.approve', defaultMessage: 'Approve' },
  declineFor: { id: 'web.guardian.slip.declineFor', defaultMessage: 'Decline {event} for {name}' },
  decline: { id: 'web.guardian.slip.decline', defaultMessage: 'Decline' },
  upcoming: { id: 'web.guardian.child.upcoming', defaultMessage: 'Upcoming events' },
  noUpcoming: { id: 'web.guardian.child.noUpcoming', defaultMessage: '{name} has no other upcoming events.' },
  consent: { id: 'web.guardian.withdraw.consent', defaultMessage: 'Consent' },
  withdrawText: {
    id: 'web.guardian.withdraw.text',
    defaultMessage:
      'Withdrawing stops {name} replying to events and commenting until a parent or guardian consents again.',
  },
  withdraw: { id: 'web.guardian.withdraw.button', defaultMessage: 'Withdraw consent' },
  withdrawn: { id: 'web.guardian.withdraw.done', defaultMessage: 'Consent withdrawn' },
  withdrawnText: {
    id: 'web.guardian.withdraw.doneText',
    defaultMessage: '{name} can no longer reply to events or comment.',
  },
  withdrawFailed: { id: 'web.guardian.withdraw.failed', defaultMessage: 'Could not withdraw consent' },
  confirmTitle: { id: 'web.guardian.withdraw.confirmTitle', defaultMessage: 'Withdraw consent for {name}?' },
  confirmText: {
    id: 'web.guardian.withdraw.confirmText',
    defaultMessage:
      "{going, plural, =0 {{name} can no longer reply to events or comment. {name} can ask you again later.} one {{name} can no longer reply to events or comment, and {name}'s places at # upcoming event is released to others. {name} can ask you again later.} other {{name} can no longer reply to events or comment, and {name}'s places at # upcoming events are released to others. {name} can ask you again later.}}",
  },
  withdrawing: { id: 'web.guardian.withdraw.withdrawing', defaultMessage: 'Withdrawing...' },
  noChildren: { id: 'web.guardian.page.noChildren', defaultMessage: 'No children yet' },
  noChildrenText: {
    id: 'web.guardian.page.noChildrenText',
    defaultMessage: 'When a child names you as their parent or guardian, you get an email with a link to give consent.',
  },
  pendingTitle: { id: 'web.guardian.page.pendingTitle', defaultMessage: 'Nothing to show yet' },
  pendingText: {
    id: 'web.guardian.page.pendingText',
    defaultMessage:
      'Your account is waiting to be let in. Your children will appear here once you have given consent with the link we emailed you.',
  },
  consentAwaitingLeader: { id: 'web.guardian.home.consentAwaitingLeader', defaultMessage: 'A leader will confirm' },
  awaitingLeaderTitle: { id: 'web.guardian.home.awaitingLeaderTitle', defaultMessage: 'Waiting for a leader' },
  awaitingLeaderText: {
    id: 'web.guardian.home.awaitingLeaderText',
    defaultMessage:
      'Thank you for your consent. A leader of the group will confirm that you are {name}’s parent or guardian. Until then you cannot approve permission slips, reply for {name} or choose photo permissions.',
  },
});

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
