// The built-in words of notifications, in the catalogs (notify.*): the texts templates.ts and organiser-texts.ts
// put together.
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import type { Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';

/**
 * The built-in texts, in the catalogs: ICU with the template's values as arguments. Formatted with each value
 * standing for its own {{placeholder}}, a built-in text becomes a template in the recipient's language, filled
 * (and escaped in HTML) exactly as an admin's template is.
 */
export const TEXTS = defineMessages({
  eventCreatedEmail: {
    id: 'notify.eventCreated.email',
    defaultMessage:
      'A new event has been announced: {eventName}\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nOpen the events page to let us know if you will attend.',
  },
  eventCreatedSms: {
    id: 'notify.eventCreated.sms',
    defaultMessage: 'New event: {eventName} on {eventDate} at {eventLocation}.',
  },
  eventUpdatedEmail: {
    id: 'notify.eventUpdated.email',
    defaultMessage:
      'The event {eventName} has been updated ({updateType}).\n\nWhen: {eventDate}\nWhere: {eventLocation}',
  },
  eventUpdatedSms: {
    id: 'notify.eventUpdated.sms',
    defaultMessage: 'Event updated ({updateType}): {eventName} on {eventDate} at {eventLocation}.',
  },
  invitedEmail: {
    id: 'notify.invited.email',
    defaultMessage:
      'You are invited to {eventName}.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nOpen the events page to let us know if you will attend.',
  },
  invitedSms: {
    id: 'notify.invited.sms',
    defaultMessage: 'You are invited to {eventName} on {eventDate} at {eventLocation}.',
  },
  reminderEmail: {
    id: 'notify.reminder.email',
    defaultMessage:
      'A reminder: {eventName} is coming up.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nSee you there!',
  },
  reminderSms: {
    id: 'notify.reminder.sms',
    defaultMessage: 'Reminder: {eventName} on {eventDate} at {eventLocation}.',
  },
  promotedEmail: {
    id: 'notify.promoted.email',
    defaultMessage:
      'Good news: a spot opened up at {eventName} and you are now attending.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nIf you cannot come after all, please give the spot back on the event page, so the next person on the waitlist can have it.',
  },
  promotedSms: {
    id: 'notify.promoted.sms',
    defaultMessage:
      'A spot opened up: you are now attending {eventName} on {eventDate} at {eventLocation}. Cannot come? Please give the spot back.',
  },
  nudgeEmail: {
    id: 'notify.nudge.email',
    defaultMessage:
      'Will you come to {eventName}? You have not replied yet.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nPlease let the leaders know on the events page, so they can plan.',
  },
  nudgeSms: {
    id: 'notify.nudge.sms',
    defaultMessage: 'Will you come to {eventName} on {eventDate} at {eventLocation}? Please reply on the events page.',
  },
  subjectEventCreated: { id: 'notify.subject.eventCreated', defaultMessage: 'New event: {eventName}' },
  subjectEventUpdated: { id: 'notify.subject.eventUpdated', defaultMessage: 'Event updated: {eventName}' },
  subjectInvited: { id: 'notify.subject.invited', defaultMessage: 'You are invited: {eventName}' },
  subjectReminder: { id: 'notify.subject.reminder', defaultMessage: 'Reminder: {eventName}' },
  subjectNudge: { id: 'notify.subject.nudge', defaultMessage: 'Will you come? {eventName}' },
  subjectPromoted: { id: 'notify.subject.promoted', defaultMessage: 'You are in: {eventName}' },
  subjectEventMessage: { id: 'notify.subject.eventMessage', defaultMessage: 'Message about {eventName}' },
  subjectRsvpDigest: { id: 'notify.subject.rsvpDigest', defaultMessage: 'New RSVPs: {eventName}' },
  subjectReportsDigest: { id: 'notify.subject.reportsDigest', defaultMessage: 'Reported comments are waiting' },
  viewEvent: { id: 'notify.viewEvent', defaultMessage: 'View the event' },
  viewEventLink: { id: 'notify.viewEventLink', defaultMessage: 'View the event: {link}' },
  reportsWaiting: {
    id: 'notify.reportsWaiting',
    defaultMessage:
      '{open, plural, one {# reported comment is waiting for an administrator.} other {# reported comments are waiting for an administrator.}}',
  },
  subjectSafeguarding: { id: 'notify.subject.safeguarding', defaultMessage: 'Safeguarding concern reported' },
  safeguardingOnEvent: {
    id: 'notify.safeguarding.onEvent',
    defaultMessage: 'A member reported a safeguarding concern about a comment on {eventName}. Please look at it now.',
  },
  safeguardingReview: { id: 'notify.safeguarding.review', defaultMessage: 'Open Admin settings → Reports' },
  safeguardingReviewLink: {
    id: 'notify.safeguarding.reviewLink',
    defaultMessage: 'Open Admin settings → Reports: {link}',
  },
  reviewReports: { id: 'notify.reviewReports', defaultMessage: 'Review them in Admin settings → Reports' },
  reviewReportsLink: {
    id: 'notify.reviewReportsLink',
    defaultMessage: 'Review them in Admin settings → Reports: {link}',
  },
  organiserWrote: { id: 'notify.organiserWrote', defaultMessage: '{sender} wrote about {eventName} ({eventDate}):' },
  rsvpDigestIntro: { id: 'notify.rsvpDigest.intro', defaultMessage: 'New RSVPs for {eventName} in the last hour.' },
  rsvpDigestNow: {
    id: 'notify.rsvpDigest.now',
    defaultMessage:
      'Now: {attending, plural, one {# person} other {# people}} attending, {waitlisted} on the waitlist, {maybe} maybe.',
  },
  rsvpDigestNowOf: {
    id: 'notify.rsvpDigest.nowOf',
    defaultMessage:
      'Now: {attending, plural, one {# person} other {# people}} attending of {capacity} ({left, plural, one {# spot left} other {# spots left}}), {waitlisted} on the waitlist, {maybe} maybe.',
  },
  aboutChild: { id: 'notify.aboutChild', defaultMessage: 'About {childName}:' },
  repeats: {
    id: 'notify.repeats',
    description: 'A new series: its first date, then how it repeats',
    defaultMessage:
      '{date}, repeats {how, select, weekly {weekly} biweekly {every 2 weeks} monthlyDay {monthly on the same day} other {monthly on the same weekday}}',
  },
  seriesUpdate: { id: 'notify.seriesUpdate', defaultMessage: '{update} for this and following events' },
  changed: {
    id: 'notify.changed',
    description: 'fields: a list of changed things, e.g. "date and location"',
    defaultMessage: '{fields} changed',
  },
  detailsUpdated: { id: 'notify.detailsUpdated', defaultMessage: 'details updated' },
  fieldDate: { id: 'notify.field.date', defaultMessage: 'date' },
  fieldLocation: { id: 'notify.field.location', defaultMessage: 'location' },
  fieldVisibility: { id: 'notify.field.visibility', defaultMessage: 'visibility' },
  fieldDetails: { id: 'notify.field.details', defaultMessage: 'details' },
  // A place held for a payment (hold-texts.ts): a promotion into one, and one released unpaid.
  subjectPromotedHeld: { id: 'notify.promoted.heldSubject', defaultMessage: 'A spot is held for you: {eventName}' },
  promotedHeld: {
    id: 'notify.promoted.held',
    description: 'dueBy: a date and time, e.g. "Saturday, May 4, 2030 at 10:30 AM GMT+2 (Europe/Berlin)"',
    defaultMessage: 'Good news: a spot opened up at {eventName} on {eventDate}, and it is held for you until {dueBy}.',
  },
  promotedHeldPay: {
    id: 'notify.promoted.heldPay',
    defaultMessage:
      'Please pay {amount} by then to keep it. If it is not paid in time, the spot goes to the next person on the waitlist.',
  },
  promotedHeldPayLink: { id: 'notify.promoted.heldPayLink', defaultMessage: 'Pay on the event page: {link}' },
  promotedHeldPayButton: { id: 'notify.promoted.heldPayButton', defaultMessage: 'Pay on the event page' },
  promotedHeldNoLink: {
    id: 'notify.promoted.heldNoLink',
    defaultMessage: 'Open the event in the app to pay, or pay an organiser.',
  },
  subjectHoldExpired: { id: 'payments.holdExpired.subject', defaultMessage: 'Place released: {eventName}' },
  holdExpired: {
    id: 'payments.holdExpired.body',
    defaultMessage: 'Your held place at {eventName} on {eventDate} was released because it was not paid in time.',
  },
  holdExpiredAgain: {
    id: 'payments.holdExpired.again',
    defaultMessage: 'If you still want to go, reply again on the event page.',
  },
});

/** A built-in text in `language`. */
export const text = (language: Language, message: MessageDescriptor, values?: MessageValues) =>
  translator.t(language, message.id, values);
