// Everything the bot says in its own words, in English ICU; `npm run i18n:extract` takes them into the catalogs
// and each language's catalog holds their translations (shared/i18n/catalogs).
import { defineMessages } from '../../shared/i18n/define';

export const BOT = defineMessages({
  welcome: {
    id: 'bot.welcome',
    defaultMessage:
      'Welcome to Community Events! Browse upcoming events, tell us whether you will attend, and get reminders here in Telegram.\n\nOpen the app with the button below, or send /events to see what is coming up.',
  },
  eventWelcome: {
    id: 'bot.eventWelcome',
    defaultMessage: 'Welcome to Community Events! Open the event with the button below.',
  },
  openEvent: { id: 'bot.openEvent', defaultMessage: 'Open the event' },
  openApp: { id: 'bot.openApp', defaultMessage: 'Open Community Events' },
  menuButton: {
    id: 'bot.menuButton',
    description: 'The button beside the message box that opens the Mini App: one short word',
    defaultMessage: 'Events',
  },
  sorry: {
    id: 'bot.sorry',
    defaultMessage: 'Sorry, something went wrong on our side. Please try again in a moment.',
  },
  commandStart: { id: 'bot.commandStart', defaultMessage: 'Welcome and open the app' },
  commandEvents: { id: 'bot.commandEvents', defaultMessage: 'Upcoming events' },
  commandMy: { id: 'bot.commandMy', defaultMessage: 'My upcoming events' },
  eventsPrivateOnly: {
    id: 'bot.eventsPrivateOnly',
    defaultMessage: 'Send /events to me in a private chat to see the events open to you.',
  },
  noEvents: {
    id: 'bot.noEvents',
    defaultMessage: 'There are no upcoming events right now. We will let you know when there are!',
  },
  eventsTitle: { id: 'bot.eventsTitle', defaultMessage: 'Upcoming events:' },
  myPrivateOnly: { id: 'bot.myPrivateOnly', defaultMessage: 'Send /my to me in a private chat to see your events.' },
  noMyEvents: {
    id: 'bot.noMyEvents',
    defaultMessage: 'You have not replied to any upcoming event yet. Send /events to see what is coming up.',
  },
  myTitle: { id: 'bot.myTitle', defaultMessage: 'Your upcoming events:' },
  gone: { id: 'bot.gone', defaultMessage: 'This event is no longer available.' },
  invalidButton: { id: 'bot.invalidButton', defaultMessage: 'This button is no longer valid.' },
  updated: { id: 'bot.updated', defaultMessage: 'RSVP updated: Your attendance status has been updated.' },
  joinWaitlist: { id: 'bot.joinWaitlist', defaultMessage: 'Join the waitlist' },
  leaveWaitlist: { id: 'bot.leaveWaitlist', defaultMessage: 'Leave the waitlist' },
  willAttend: { id: 'bot.willAttend', defaultMessage: 'I Will Attend' },
  cannotAttend: { id: 'bot.cannotAttend', defaultMessage: 'Cannot Attend' },
  waitlisted: {
    id: 'bot.waitlisted',
    defaultMessage:
      'The event is full: you are on the waitlist (position {position}). We will tell you when a spot frees up.',
  },
  /** The line under a notification after a button press; {reply} is one of the reply* messages. */
  yourReply: { id: 'bot.yourReply', defaultMessage: 'Your reply: {reply}' },
  replyAttending: {
    id: 'bot.replyAttending',
    defaultMessage: 'I Will Attend ✅ ({count, plural, one {# person} other {# people}} attending)',
  },
  replyWaitlisted: { id: 'bot.replyWaitlisted', defaultMessage: 'On the waitlist ⏳ (position {position})' },
  replyMaybe: {
    id: 'bot.replyMaybe',
    defaultMessage: 'Maybe 🤔 ({count, plural, one {# person} other {# people}} attending)',
  },
  replyNotAttending: {
    id: 'bot.replyNotAttending',
    defaultMessage: 'Cannot Attend ❌ ({count, plural, one {# person} other {# people}} attending)',
  },
  spotsLeft: { id: 'bot.spotsLeft', defaultMessage: '{count, plural, one {# spot left} other {# spots left}}' },
  fullWithWaitlist: { id: 'bot.fullWithWaitlist', defaultMessage: 'Full · {count} on the waitlist' },
  full: { id: 'bot.full', defaultMessage: 'Full' },
  youAttending: { id: 'bot.youAttending', defaultMessage: 'You: attending ✅' },
  youWaitlisted: { id: 'bot.youWaitlisted', defaultMessage: 'You: on the waitlist ⏳ (position {position})' },
  youMaybe: { id: 'bot.youMaybe', defaultMessage: 'You: maybe 🤔' },
  notMe: { id: 'bot.notMe', defaultMessage: '🚫 Not me' },
  youNotAttending: { id: 'bot.youNotAttending', defaultMessage: 'You: not attending ❌' },
  slipApprove: {
    id: 'bot.slipApprove',
    description: "A button under a guardian's request: lets the child take part in the event",
    defaultMessage: 'Approve',
  },
  slipDecline: {
    id: 'bot.slipDecline',
    description: "A button under a guardian's request: the child does not take part",
    defaultMessage: 'Decline',
  },
  slipApproved: { id: 'bot.slipApproved', defaultMessage: 'You approved ✅' },
  slipDeclined: { id: 'bot.slipDeclined', defaultMessage: 'You declined ❌' },
});
