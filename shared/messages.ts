// User-visible messages of SPEC §5 and §8 that both the server and the web app produce, in English (the source
// language). Each key is also the message's catalog key (`msg.<key>`, shared/i18n) and, in snake_case, the
// stable `code` of an API error that carries it: add a message here and `npm run i18n:extract` takes it.
import { DELETED_MEMBER_NAME } from './deleted-member';
import { NOT_SIGNED_IN } from './not-signed-in';
import { PAYMENT_MSG } from './payment-messages';

/** A message with values: its English ICU text and the values; the translation formats them. */
export interface MessageWithValues {
  readonly source: string;
  readonly values: Readonly<Record<string, string | number>>;
}

/** A message with values, written in ICU MessageFormat (plurals say `one`/`other`, `#` is the number). */
function icu<V extends Record<string, string | number>>(source: string) {
  return Object.assign((values: V): MessageWithValues => ({ source, values }), { source });
}

/** What a path's id is about (`parseId`), for `idInvalid`. */
export type IdKind = 'event' | 'comment' | 'member' | 'child' | 'report' | 'template' | 'user' | 'section' | 'check';

export const MSG = {
  notSignedIn: NOT_SIGNED_IN,
  birthDateFirst: 'Please add your date of birth first.',
  guardianConsentFirst: 'A parent or guardian needs to give consent first.',
  consentAwaitingVerification: "A leader needs to confirm your guardian's consent first.",
  guardianAwaitingVerification:
    'A leader needs to confirm your consent before you can approve or reply for this member.',
  consentNotAwaitingVerification: 'No consent from this guardian is waiting for a leader’s confirmation.',
  guardianAccountOnly: 'This account is for a parent or guardian. It shows only what concerns your children.',
  birthDateAlreadySet: 'Your date of birth is already saved. Ask an admin to correct it.',
  birthDateInvalid: 'Please enter your date of birth as YYYY-MM-DD.',
  birthDateInFuture: 'Your date of birth cannot be in the future.',
  birthDateTooOld: 'Please check your date of birth: it is more than 120 years ago.',
  guardianEmailNotNeeded: 'Only a member under the age of consent who has no consent yet can ask a guardian.',
  guardianRequestsTooMany: 'Too many consent requests today. Please try again tomorrow.',
  guardianEmailOwn: 'Please enter the email address of your parent or guardian, not your own.',
  consentLinkUnknown: 'This consent link is not valid. Please ask for a new one.',
  consentLinkUsed: 'This consent link has already been used.',
  consentLinkExpired: 'This consent link has expired. Please ask for a new one.',
  consentOwnAccount: 'A parent or guardian must give consent from their own account, not the child’s.',
  consentByMinor: 'Consent must come from an adult parent or guardian.',
  notYourChild: 'You are not a guardian of this member.',
  consentNotNeeded: 'This member does not need a guardian’s consent.',
  consentAlreadyGiven: 'A guardian’s consent is already on record for this member.',
  notGuardianOf: 'Only a parent or guardian of this member can do that.',
  noPendingApproval: 'There is no approval waiting for this event: it was already answered or has expired.',
  phoneRequired: 'Phone number is required for SMS notifications',
  phoneInvalid: 'Please enter a valid phone number in international format (e.g., +1234567890)',
  telegramUsernameRequired: 'Telegram username is required for Telegram notifications',
  telegramUsernameInvalid: 'Please enter a valid Telegram username (5-32 characters, alphanumeric with underscores)',
  smsNeedsPhone: 'Please add a phone number above to enable SMS notifications.',
  telegramNeedsUsername: 'Please add a Telegram username above to enable Telegram notifications.',
  emailNeedsAddress: 'Please link an email address above to enable email notifications.',
  phoneCodeFormat: 'Enter the 6-digit code from the SMS.',
  phoneCodeWrong: 'That code is not right. Check the SMS and try again.',
  phoneCodeExpired: 'That code has expired. Send a new code and try again.',
  phoneCodeTooManyAttempts: 'Too many wrong codes. Send a new code and try again.',
  phoneCodeMissing: 'No code is waiting for this number. Send a code first.',
  phoneCodeCooldown: 'A code was just sent. Please wait a minute before asking for another.',
  phoneCodeDailyLimit: 'Too many codes were sent today. Please try again tomorrow.',
  phoneNotVerifiedNote: 'SMS notifications are sent only once your phone number is verified.',
  templateExists: 'A template for this type and channel already exists',
  templateNotFound: 'Template not found',
  templateTypeRequired: 'Please select a template type',
  templateChannelRequired: 'Please select a notification channel',
  templateTooShort: 'Template must be at least 10 characters',
  templateLanguageUnsupported: 'Language must be one of en, de, es, fr, ru, uk or ar',
  smtpHostRequired: 'SMTP host is required',
  smtpPortPositive: 'Port must be a positive number',
  smtpUserRequired: 'Username is required',
  smtpPassRequired: 'Password is required',
  emailInvalid: 'Please enter a valid email address',
  smtpFromNameRequired: 'From name is required',
  testEmailRequired: 'Email address required',
  testEmailPrompt: 'Please enter an email address for testing',
  eventFieldsRequired: 'All fields are required',
  eventDateInvalid: 'Invalid date format',
  eventDateOutOfRange: 'Date must be between the years 1900 and 9999',
  timeZoneInvalid: 'Unknown time zone: use an IANA name such as Europe/Berlin',
  eventImageInvalid: 'Image must be one of the sample images or an image you uploaded',
  noValidInvitees: 'No valid user IDs to invite',
  telegramMissingParams: 'Missing required authentication parameters from Telegram',
  telegramMissingLoginId: 'Missing login ID parameter',
  telegramLinkFailed: 'Failed to link Telegram account. This account may already be linked to another user.',
  telegramAuthFailed: 'Failed to authenticate with Telegram. Please try again.',
  loginSessionExpired: 'Login session expired or invalid',
  /** A Telegram sign-in or link that this browser did not start (no, used, expired or someone else's state). */
  authStateRefused:
    'This sign-in was not started in this browser, or it has expired. Please close this page and start again.',
  eventNotFound: 'Event not found',
  commentEmpty: 'Comment cannot be empty',
  commentNotFound: 'Comment not found',
  onlyAuthorEditsComment: 'You can only edit your own comments',
  mayNotRemoveComment: "You can only delete your own comments, or comments on events you've created",
  reportReasonEmpty: 'Please say why you are reporting this comment',
  alreadyReported: 'You have already reported this comment. An administrator will look at it.',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report has already been resolved.',
  mayNotSuspendAdmin:
    'An administrator cannot be suspended from a report. Remove the comment, or change their role in Members first.',
  forbidden: 'You do not have permission to perform this action.',
  adminOnly: 'Only administrators can perform this action.',
  /** Every member call of an account an admin has not approved yet (or that has not joined by invite). */
  membershipPending: 'Your membership is waiting for approval.',
  /** A sign-in, session or bot tap of a suspended account. */
  accountSuspended: 'This account is suspended.',
  directoryOrganisersOnly: 'Only organisers and administrators can see the member list.',
  leadersOnly: 'Only organisers and administrators have things waiting for them here.',
  inviteUnknown: 'This invite link is not valid.',
  inviteUsedUp: 'This invite link has expired or has been used up.',
  memberNotFound: 'Member not found',
  selfDemotion: 'You cannot change your own role or suspend yourself. Ask another administrator.',
  lastAdmin: 'This is the last administrator: make someone else an administrator first.',
  onlyAdminsCreate: 'Only administrators can create events.',
  onlyCreatorEdits: "You can only edit events you've created",
  onlyCreatorDeletes: "You can only delete events you've created",
  onlyCreatorInvites: "You can only manage invitations for events you've created",
  unknownInvitees: 'Some of the users to invite do not exist',
  /** `ids`: the first ten of them, comma-separated (", …" after them when there are more). */
  unknownInviteesNamed: icu<{ ids: string }>('Some of the users to invite do not exist: {ids}'),
  /** `ids`: as for unknownInviteesNamed. Guardian accounts, accounts waiting for approval, suspended or erased ones. */
  inviteesNotMembers: icu<{ ids: string }>('Only active members can be invited; these accounts cannot be: {ids}'),
  rsvpStatusInvalid: 'Status must be attending, not_attending or maybe',
  rsvpGuestsInvalid: 'Guests must be a whole number from 0 to 5',
  rsvpClosed: 'RSVP for this event has closed',
  capacityInvalid: 'Capacity must be a whole number from 1 to 100000, or empty for no limit',
  guestsAllowedInvalid: 'Guests allowed must be a whole number from 0 to 5',
  rsvpClosesAtInvalid: 'RSVP closing time must be a valid date and time, or empty',
  /** A member (not yet attending) asked for more guests than the event allows. */
  tooManyGuests: icu<{ allowed: number }>(
    '{allowed, plural, =0 {This event does not allow guests} one {You can bring at most # guests to this event} other {You can bring at most # guests to this event}}',
  ),
  /** An attending member asked for more guests than there are spots: they keep their spot as it was. */
  notEnoughSpots: icu<{ spotsLeft: number }>(
    '{spotsLeft, plural, =0 {There are no spots left for more guests} one {Only # more spot is left for guests} other {Only # more spots are left for guests}}',
  ),
  onlyOrganisers: 'Only the event’s creator or an admin can do this',
  checkInNotAttending: 'Only members who are attending can be checked in',
  passInvalid: 'This pass is not valid for this event',
  passNotAttending: 'Only members who are attending have an event pass',
  checkInTarget: 'Send the userId or the pass of the member to check in',
  messageAudienceInvalid: 'Audience must be attending, waitlisted or maybe',
  messageTextRequired: 'Message text is required',
  messagesPerEventLimit: icu<{ limit: number }>(
    '{limit, plural, one {This event has had # messages in the last hour. Please try again later.} other {This event has had # messages in the last hour. Please try again later.}}',
  ),
  messagesPerOrganiserLimit: icu<{ limit: number }>(
    '{limit, plural, one {You have sent # messages to attendees today. Please try again later.} other {You have sent # messages to attendees today. Please try again later.}}',
  ),
  languageUnsupported: 'Language must be one of en, de, es, fr, ru, uk or ar (or null to follow your app and browser)',
  // Refusals outside SPEC §5 and §8, here so that they are translated and carry a code.
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  backupsWebsiteOnly: 'Backups can be downloaded from the website only',
  crossSiteRefused: 'Cross-site request refused',
  noBackupYet: 'No backup has been made yet',
  backupNotHere:
    "The latest backup is in another server's backups folder. Try again, or ask the operator to share the folder",
  emailLinksTooMany: 'Too many email links requested. Please try again in an hour.',
  unknownUser: 'Unknown user',
  emailAlreadyYours: 'This email address is already linked to your account.',
  miniAppDataInvalid: 'Invalid Telegram Mini App data',
  googleEmailTaken: 'This Google account’s email belongs to another account.',
  demoUnavailable: 'Demo accounts are not available',
  googleSignInNeeded: 'Sign in with Google to continue',
  googleNotConfigured: 'Google sign-in is not configured',
  googleSignInFailed: 'Could not sign in with Google',
  telegramNotConfigured: 'Telegram sign-in is not configured',
  cursorInvalid: 'Invalid cursor',
  noTelegramBot: 'No Telegram bot is configured',
  shareOnlyPublic: 'Only public events can be shared in Telegram.',
  shareNeedsTelegram: 'Link your Telegram account in Settings to share events in Telegram.',
  memberHasNotReplied: 'This member has not replied to this event',
  smsSendFailed: 'The code could not be sent by SMS. Check the number, or try again later.',
  calendarFeedNotFound: 'Calendar feed not found',
  textNotAllowed: 'Text contains characters that are not allowed',
  requestsMustBeJson: 'Requests must be sent as JSON',
  /** How an erased account is named where its row is still shown (its comments, the events it created). */
  deletedMember: DELETED_MEMBER_NAME,
  /** How a member who hid their name appears to other members in attendee lists. */
  hiddenAttendee: '1 more member',
  // A request's fields refused by its schema (shared/schemas/). `field` is a request field named as the client
  // sends it (`isPublic`, `limit`), as written in every language, or a form's field (FIELD_NAMES), by its name.
  fieldBoolean: icu<{ field: string }>('{field} must be true or false'),
  fieldWholeNumber: icu<{ field: string; min: number; max: number }>(
    '{field} must be a whole number from {min} to {max}',
  ),
  fieldEitherOr: icu<{ field: string; first: string; second: string }>('{field} must be {first} or {second}'),
  fieldOneOfThree: icu<{ field: string; first: string; second: string; third: string }>(
    '{field} must be {first}, {second} or {third}',
  ),
  fieldOneOf: icu<{ field: string; options: string }>('{field} must be one of {options}'),
  fieldTimeZone: icu<{ field: string }>('{field} must be an IANA time zone name such as Europe/Berlin'),
  fieldText: icu<{ field: string }>('{field} must be text'),
  fieldTooLong: icu<{ field: string; max: number }>('{field} must be at most {max} characters'),
  fieldRequired: icu<{ field: string }>('{field} is required'),
  fieldObject: icu<{ field: string }>('{field} must be an object'),
  fieldList: icu<{ field: string }>('{field} must be a list'),
  fieldTooMany: icu<{ field: string; max: number }>(
    '{max, plural, one {{field} can have at most # entry} other {{field} can have at most # entries}}',
  ),
  fieldPhone: icu<{ field: string }>('{field} must be a phone number in international format, such as +447700900123'),
  updateMeOneField: 'Send either phoneNumber or telegramUsername',
  channelUnknown: 'Unknown notification channel',
  preferencesList: 'preferences must be a list of channels',
  deletionConfirm: 'Confirm the deletion with {"confirm": true}',
  untilInvalid: 'until must be an ISO date',
  recurrenceObject: 'recurrence must be an object',
  recurrenceOneEnd: 'A repeating event needs exactly one end: count or until',
  forUserIdInvalid: 'forUserId must be a member id',
  forUserIdsInvalid: 'forUserIds must be 1 to 10 different member ids, sent without forUserId',
  answersForInvalid: 'answersFor must map each child of forUserIds to their answers',
  guardianIdInvalid: 'guardianId must be a member id',
  auditActionUnknown: 'Unknown audit action',
  actorIdInvalid: 'actorId must be a user ID',
  inviteeIdsInvalid: 'userIds must contain only user IDs (positive whole numbers)',
  inviteeIdsList: 'userIds must be a list of user IDs',
  inviteesTooMany: icu<{ max: number }>('At most {max} users can be invited at once'),
  linkNeedsTelegramOrEmail: 'Send Telegram auth_data or an email to link',
  loginIdInvalid: 'Invalid login ID',
  loginRequestInvalid: 'Invalid login request',
  settingUnknown: icu<{ settings: string }>('Unknown setting: {settings}'),
  settingsEmpty: 'Send at least one setting to change',
  inviteCodeRequired: 'code is required',
  memberChangeEmpty: 'Send a status, a role or a birth date',
  // The admins' test sends (Email Settings' 'Send Test Email', Templates' 'Test Templates').
  smtpTestNotSaved: 'No SMTP settings are saved yet. Save the email settings first.',
  smtpTestNotEnabled:
    'SMTP settings are not enabled. Tick "Enable email sending" and save the settings before sending a test email.',
  /** Every failed test email, whatever the cause (the cause is logged, never told: it would make a port scanner). */
  smtpTestFailed: 'Could not send the test email. Check the SMTP settings and try again.',
  testNowhereToSend:
    'Your account has no email address and no phone number, so there is nowhere to send test notifications.',
  testNowhereVerified:
    'Your account has no email address and your phone number is not verified (Settings → Communication Settings), so there is nowhere to send test notifications.',
  /** `details`: one line per channel, already in the admin's language. */
  testNothingSent: icu<{ details: string }>('No test notification could be sent. {details}'),
  /** Why an email was not sent: kept on the outbox row, and shown to an admin testing templates. */
  emailSmtpNotSaved: 'Email was not sent: no SMTP settings are saved (Admin Settings → Email Settings).',
  emailSmtpNotEnabled: 'Email was not sent: SMTP settings are not enabled (Admin Settings → Email Settings).',
  emailTaken: 'This email address is already used by another account.',
  telegramAlreadyLinked: 'Your account is already linked to a different Telegram account.',
  miniAppDataRequired: 'Open the app from Telegram to sign in with Telegram.',
  lastAdminLeaving: 'You are the only admin. Make someone else an admin before deleting your account.',
  seriesUntilBeforeStart: 'The repeat end date must not be before the event starts',
  seriesSameStart: 'Another event of this series already starts at that time',
  /** A path's id that is not a positive whole number; `what` names the thing the path is about. */
  idInvalid: icu<{ what: IdKind }>(
    '{what, select, event {Invalid event id} comment {Invalid comment id} member {Invalid member id} child {Invalid child id} report {Invalid report id} template {Invalid template id} user {Invalid user id} other {Invalid id}}',
  ),
  // Care cards and trip sheets.
  /** A minor's own change to their care card once a guardian is linked: the guardian keeps it. */
  careKeptByGuardian: 'Your parent or guardian keeps this card.',
  /** The trip sheet asked for after the care window of its event closed. */
  tripSheetClosed: icu<{ days: number }>(
    '{days, plural, one {The trip sheet is closed: care details are shown only until # day after the event.} other {The trip sheet is closed: care details are shown only until # days after the event.}}',
  ),
  // Covers and photo uploads.
  coverOnlyAdmins: 'Only administrators can upload images.',
  coverMissing: 'The uploaded image was not found. Please upload it again.',
  coverOtherEvent: 'This image is the cover of another event. Please upload it again for this one.',
  coverNotYours: 'You can only use images you uploaded.',
  imageNotFound: 'Image not found',
  imageBodyWrong: 'Send the image file itself as the request body (JPEG, PNG or WebP).',
  imageEmpty: 'Choose an image file to upload.',
  imageTooManyBytes: 'The image is larger than 10 MB. Please choose a smaller photo.',
  imageTooManyPixels: icu<{ megapixels: number }>(
    'The image is too large: at most {megapixels} megapixels. Please choose a smaller photo.',
  ),
  imageNotReadable: 'This file is not an image we can read, or it is damaged. Please upload a JPEG, PNG or WebP photo.',
  imageWrongFormat: 'Only JPEG, PNG and WebP photos can be uploaded.',
  questionsInvalid: 'Questions must be a list of at most 50, each with a label, a kind, required and sensitive.',
  questionLabelInvalid: 'Each question needs a label of 1 to 200 characters.',
  questionOptionsInvalid: 'A choice question needs 1 to 20 different options of 1 to 200 characters.',
  answersInvalid: 'Answers must map question ids to values.',
  questionUnknown: 'This event has no such question.',
  /** `questions`: the labels of the required questions left unanswered, joined with ", ". */
  answersRequired: icu<{ questions: string }>('Please answer: {questions}'),
  /** `question`: the label of the question whose value is not of its kind. */
  answerInvalid: icu<{ question: string }>('This is not a valid answer to “{question}”.'),
  imageHeicUnsupported: 'HEIC photos cannot be read by this server. Please upload a JPEG, PNG or WebP photo.',
  sectionNotFound: 'Section not found',
  sectionNameRequired: 'A section needs a name.',
  sectionNameTaken: 'A section with this name already exists.',
  sectionColourInvalid: 'Colour must be written as #rrggbb, for example #1f6feb.',
  sectionInvalid: 'Choose an existing section.',
  sectionLeadersOnly: 'Only the section’s leaders and administrators can do that.',
  sectionUserIdsInvalid: 'Members must be given as a list of member ids.',
  /** `ids`: the first ten ids, comma-separated, then ", …". */
  sectionMembersUnknown: icu<{ ids: string }>('Only active members can join a section; these accounts cannot: {ids}'),
  leaderCheckNotFound: 'Check not found',
  leaderCheckDateInvalid: icu<{ field: string }>('{field} must be a date written YYYY-MM-DD.'),
  leaderCheckExpiresBeforeCompleted: 'A check must expire after the day it was completed.',
  /** `names`: the members who are not cleared adult leaders, "Name (id)", comma-separated. */
  eventLeadersNotCleared: icu<{ names: string }>(
    'Only cleared adult leaders can lead an event; these members cannot: {names}',
  ),
  registerInvalid: 'The register must be a list of 1 to 500 entries, each with a member id and a mark.',
  registerStatusInvalid: 'A register mark is present, late, excused or absent.',
  registerDuplicate: 'Each member can appear only once on the register.',
  /** `ids`: the first ten ids, comma-separated, then ", …". */
  registerNotInAudience: icu<{ ids: string }>(
    'Only members who may come to this event can be on its register; these cannot: {ids}',
  ),
  attendanceRangeInvalid: 'Give from and to as dates (YYYY-MM-DD), from not after to, at most two years apart.',
  nudgeEventStarted: 'This event has already started: there is nobody left to remind.',
  nudgeTooSoon: 'Everyone who has not replied was reminded in the last 24 hours. Try again later.',
  ...PAYMENT_MSG,
} as const;
