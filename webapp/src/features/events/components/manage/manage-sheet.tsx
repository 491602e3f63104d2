// The Manage sheet (a bottom sheet on phones, a dialog on wide screens): edit, attendees, leaders, message, check-in,
// invitations (private events), share and duplicate, with Delete Event kept apart under More so that it is never
// one slip away from Share. Each action does what it did as a button of its own: the delete asks its SPEC
// confirmation (or, in a series, which events), the message and the invitations open their dialogs. The server
// checks every permission again.
import {
  ChevronDown,
  ClipboardList,
  Copy,
  MessageSquare,
  Pencil,
  ScanLine,
  Share2,
  ShieldCheck,
  Trash2,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '../../../../lib/router';
import type { SeriesScope } from '../../../../../../shared/constants';
import type { EventDetail } from '../../../../../../shared/types';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Dialog } from '../../../../components/dialog/dialog';
import { toast, toastError } from '../../../../components/toast-store';
import { paths } from '../../../../config/paths';
import { defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { isMiniApp } from '../../../../lib/telegram-mini-app';
import { canShareInTelegram } from '../../../../lib/telegram-actions';
import { useDeleteEvent } from '../../api/delete-event';
import { useEventQuestions } from '../../api/questions';
import { useShareEvent } from '../../api/share-event';
import { common } from '../../messages';
import { CheckInByPass } from './check-in-by-pass';
import { MessageAttendeesDialog } from './message-attendees-dialog';
import { shareEvent } from '../details/share-event';
import styles from './manage-sheet.module.css';

const messages = defineMessages({
  title: { id: 'web.events.manage.title', defaultMessage: 'Manage event' },
  edit: { id: 'web.events.creator.edit', defaultMessage: 'Edit Event' },
  editHint: { id: 'web.events.manage.editHint', defaultMessage: 'Name, date, place, cover and RSVP settings' },
  attendees: { id: 'web.events.manage.attendees', defaultMessage: 'Attendees' },
  attendeesHint: { id: 'web.events.manage.attendeesHint', defaultMessage: 'Who replied, guests, CSV download' },
  answers: { id: 'web.events.answers.title', defaultMessage: 'Answers' },
  answersHint: { id: 'web.events.manage.answersHint', defaultMessage: 'Replies to the registration questions' },
  leaders: { id: 'web.leaders.title', defaultMessage: 'Leaders' },
  leadersHint: { id: 'web.leaders.manageHint', defaultMessage: 'Name the cleared adults who lead it' },
  message: { id: 'web.events.message.title', defaultMessage: 'Message attendees' },
  messageHint: { id: 'web.events.manage.messageHint', defaultMessage: 'Email, SMS or Telegram, as each person chose' },
  checkIn: { id: 'web.events.manage.checkIn', defaultMessage: 'Check in' },
  checkInHint: { id: 'web.events.manage.checkInHint', defaultMessage: 'Scan passes at the door, or type the code' },
  checkInTitle: { id: 'web.events.manage.checkInTitle', defaultMessage: 'Check-in at the door' },
  invitations: { id: 'web.events.creator.invitations', defaultMessage: 'Manage Invitations' },
  invitationsHint: { id: 'web.events.manage.invitationsHint', defaultMessage: 'Choose who may see this private event' },
  share: { id: 'web.events.details.share', defaultMessage: 'Share' },
  shareHint: { id: 'web.events.manage.shareHint', defaultMessage: 'Send the event to a chat' },
  duplicate: { id: 'web.events.manage.duplicate', defaultMessage: 'Duplicate' },
  duplicateHint: {
    id: 'web.events.manage.duplicateHint',
    defaultMessage: 'A new event with these details; pick its date',
  },
  more: { id: 'web.events.manage.more', defaultMessage: 'More' },
  delete: { id: 'web.events.creator.delete', defaultMessage: 'Delete Event' },
  deleted: { id: 'web.events.creator.deleted', defaultMessage: 'Event deleted' },
  deleteFailed: { id: 'web.events.creator.deleteFailed', defaultMessage: 'Failed to delete event. {reason}' },
  confirmTitle: { id: 'web.events.creator.confirmTitle', defaultMessage: 'Delete Event Confirmation' },
  confirmText: {
    id: 'web.events.creator.confirmText',
    defaultMessage:
      'Are you sure you want to delete this event? This action cannot be undone. All attendees and comments for this event will be removed as well.',
  },
  shareFailed: { id: 'web.events.share.failed', defaultMessage: 'Could not share' },
  shareFailedText: {
    id: 'web.events.share.failedText',
    defaultMessage: 'Telegram could not open the share sheet. Type @ and the bot’s name in any chat instead.',
  },
});

const InvitationsDialog = lazy(() => import('./invitations-dialog').then((m) => ({ default: m.InvitationsDialog })));
const SeriesScopeDialog = lazy(() =>
  import('../form/series-scope-dialog').then((m) => ({ default: m.SeriesScopeDialog })),
);

/** The dialogs an action opens once the sheet has closed. */
type Step = 'checkIn' | 'message' | 'invite' | 'delete';

/** A panel's heading below the event ("Attendees", "Answers"): brought into view, with focus on it. */
function showSection(headingId: string) {
  const heading = document.getElementById(headingId);
  if (!heading) return;
  heading.tabIndex = -1;
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

function Item({
  icon: Icon,
  label,
  hint,
  onSelect,
  to,
  danger = false,
}: {
  icon: LucideIcon;
  label: string;
  hint?: string;
  onSelect?: () => void;
  to?: string;
  danger?: boolean;
}) {
  const body: ReactNode = (
    <>
      <Icon size={20} aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {hint && <span className={styles.hint}>{hint}</span>}
      </span>
    </>
  );
  const className = `${styles.item} ${danger ? styles.danger : ''}`;
  return (
    <li>
      {to ? (
        <Link to={to} className={className} onClick={onSelect}>
          {body}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onSelect}>
          {body}
        </button>
      )}
    </li>
  );
}

export function ManageSheet({
  event,
  userId,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const shareInTelegram = useShareEvent();
  const [more, setMore] = useState(false);
  const hasQuestions = (useEventQuestions(event.id).data?.length ?? 0) > 0;
  const [step, setStep] = useState<Step | null>(null);
  // What to open once the sheet has closed and given focus back to Manage, so that each dialog returns it there.
  const next = useRef<(() => void) | null>(null);

  const close = (then?: () => void) => {
    next.current = then ?? null;
    setMore(false);
    onOpenChange(false);
  };
  const openStep = (target: Step) => () => close(() => setStep(target));
  const stepOpen = (target: Step) => step === target;
  const closeStep = (isOpen: boolean) => !isOpen && setStep(null);

  const share = () => {
    if (!isMiniApp()) return void shareEvent(event);
    shareInTelegram.mutate(
      { id: event.id, name: event.name },
      {
        onSuccess: (opened) =>
          void (opened || toastError(translate(messages.shareFailed), translate(messages.shareFailedText))),
      },
    );
  };
  // In Telegram only a public event's card can be posted into a chat (share-in-telegram.tsx).
  const canShare = !isMiniApp() || (canShareInTelegram() && event.isPublic);

  const confirmDelete = (scope: SeriesScope = 'this') =>
    remove.mutate(
      { id: event.id, scope },
      {
        onSuccess: () => {
          setStep(null);
          toast({ title: translate(messages.deleted) });
          void navigate(paths.events);
        },
        onError: (error) => {
          setStep(null);
          toastError(translate(common.error), translate(messages.deleteFailed, { reason: errorMessage(error) }));
        },
      },
    );

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
        title={t(messages.title)}
        description={event.name}
        className={styles.sheet}
        afterClose={() => {
          const then = next.current;
          next.current = null;
          then?.();
        }}
      >
        <ul className={styles.list}>
          <Item icon={Pencil} label={t(messages.edit)} hint={t(messages.editHint)} to={paths.editEvent(event.id)} />
          <Item
            icon={Users}
            label={t(messages.attendees)}
            hint={t(messages.attendeesHint)}
            onSelect={() => close(() => showSection('organiser-title'))}
          />
          {hasQuestions && (
            <Item
              icon={ClipboardList}
              label={t(messages.answers)}
              hint={t(messages.answersHint)}
              onSelect={() => close(() => showSection('answers-title'))}
            />
          )}
          <Item
            icon={ShieldCheck}
            label={t(messages.leaders)}
            hint={t(messages.leadersHint)}
            onSelect={() => close(() => showSection('leaders-title'))}
          />
          <Item
            icon={MessageSquare}
            label={t(messages.message)}
            hint={t(messages.messageHint)}
            onSelect={openStep('message')}
          />
          <Item
            icon={ScanLine}
            label={t(messages.checkIn)}
            hint={t(messages.checkInHint)}
            onSelect={openStep('checkIn')}
          />
          {!event.isPublic && (
            <Item
              icon={UserPlus}
              label={t(messages.invitations)}
              hint={t(messages.invitationsHint)}
              onSelect={openStep('invite')}
            />
          )}
          {canShare && (
            <Item icon={Share2} label={t(messages.share)} hint={t(messages.shareHint)} onSelect={() => close(share)} />
          )}
          <Item
            icon={Copy}
            label={t(messages.duplicate)}
            hint={t(messages.duplicateHint)}
            to={`${paths.createEvent}?from=${event.id}`}
          />
        </ul>
        <div className={styles.more}>
          <button
            type="button"
            className={styles.moreToggle}
            aria-expanded={more}
            aria-controls="manage-more"
            onClick={() => setMore((shown) => !shown)}
          >
            {t(messages.more)}
            <ChevronDown size={18} aria-hidden="true" className={styles.chevron} />
          </button>
          <ul id="manage-more" className={styles.list} hidden={!more}>
            <Item icon={Trash2} label={t(messages.delete)} onSelect={openStep('delete')} danger />
          </ul>
        </div>
      </Dialog>
      <Dialog
        open={stepOpen('checkIn')}
        onOpenChange={closeStep}
        title={t(messages.checkInTitle)}
        description={event.name}
      >
        <CheckInByPass eventId={event.id} />
      </Dialog>
      <MessageAttendeesDialog eventId={event.id} open={stepOpen('message')} onOpenChange={closeStep} />
      <Suspense fallback={null}>
        {/* An event of a series asks which to delete: this one, or it and the following ones. */}
        {stepOpen('delete') && event.seriesId !== null && (
          <SeriesScopeDialog
            open
            onOpenChange={closeStep}
            action="delete"
            busy={remove.isPending}
            onChoose={confirmDelete}
          />
        )}
        {stepOpen('invite') && !event.isPublic && (
          <InvitationsDialog eventId={event.id} currentUserId={userId} open onOpenChange={closeStep} />
        )}
      </Suspense>
      <ConfirmDialog
        open={stepOpen('delete') && event.seriesId === null}
        onOpenChange={closeStep}
        title={t(messages.confirmTitle)}
        description={t(messages.confirmText)}
        confirmLabel={t(messages.delete)}
        busyLabel={t(common.deleting)}
        busy={remove.isPending}
        onConfirm={() => confirmDelete()}
      />
    </>
  );
}
