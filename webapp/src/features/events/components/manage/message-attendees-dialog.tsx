// The organiser's message to everyone attending, waitlisted or maybe: it goes out through each member's own
// channels (the server's outbox), and the dialog says how many people it reached.
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RSVP_LIMITS, type MessageAudience } from '../../../../../../shared/constants';
import type { EventMessageInput } from '../../../../../../shared/schemas/rsvp';
import { Button } from '../../../../components/button/button';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field } from '../../../../components/field/field';
import { defineMessages, useT, type MessageDescriptor } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useSendEventMessage } from '../../api/send-message';

const messages = defineMessages({
  attending: { id: 'web.events.message.attending', defaultMessage: 'Everyone attending' },
  waitlisted: { id: 'web.events.message.waitlisted', defaultMessage: 'Everyone on the waitlist' },
  maybe: { id: 'web.events.message.maybe', defaultMessage: 'Everyone who said maybe' },
  sendTo: { id: 'web.events.message.sendTo', defaultMessage: 'Send to' },
  message: { id: 'web.events.message.message', defaultMessage: 'Message' },
  sending: { id: 'web.events.message.sending', defaultMessage: 'Sending...' },
  send: { id: 'web.events.message.send', defaultMessage: 'Send message' },
  title: { id: 'web.events.message.title', defaultMessage: 'Message attendees' },
  description: {
    id: 'web.events.message.description',
    defaultMessage: "Sent on each person's own channels: email, SMS or Telegram.",
  },
  sent: {
    id: 'web.events.message.sent',
    defaultMessage: '{count, plural, one {Sent to # person} other {Sent to # people}}',
  },
});

const AUDIENCES: Record<MessageAudience, MessageDescriptor> = {
  attending: messages.attending,
  waitlisted: messages.waitlisted,
  maybe: messages.maybe,
};

/** The server's own rules for a message, loaded with zod when the organiser first sends one. */
const resolver = lazyResolver<EventMessageInput, EventMessageInput>(async () => {
  const [{ eventMessageSchema }, { schemaResolver }] = await Promise.all([
    import('../../../../../../shared/schemas/rsvp'),
    import('../../../../lib/form-resolver'),
  ]);
  return schemaResolver<EventMessageInput, typeof eventMessageSchema>(eventMessageSchema);
}, 'text');

function MessageForm({ eventId, onSent }: { eventId: number; onSent: (recipients: number) => void }) {
  const t = useT();
  const send = useSendEventMessage(eventId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EventMessageInput, unknown, EventMessageInput>({
    defaultValues: { audience: 'attending', text: '' },
    resolver,
  });
  const submit = (input: EventMessageInput) => send.mutate(input, { onSuccess: (result) => onSent(result.recipients) });
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <Field label={t(messages.sendTo)} id="message-audience" error={errors.audience?.message}>
        <select {...register('audience')}>
          {Object.entries(AUDIENCES).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t(messages.message)}
        id="message-text"
        error={errors.text?.message ?? (send.isError ? errorMessage(send.error) : null)}
      >
        <textarea maxLength={RSVP_LIMITS.messageMax} rows={5} {...register('text')} />
      </Field>
      <DialogActions>
        <Button type="submit" disabled={send.isPending}>
          <Send size={18} aria-hidden="true" />
          {t(send.isPending ? messages.sending : messages.send)}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The message dialog, opened by the organiser panel's button or the Manage sheet. */
export function MessageAttendeesDialog({
  eventId,
  open,
  onOpenChange,
  afterClose,
}: {
  eventId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  afterClose?: () => void;
}) {
  const t = useT();
  const [sent, setSent] = useState<number | null>(null);
  const toggle = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSent(null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={toggle}
      title={t(messages.title)}
      description={t(messages.description)}
      afterClose={afterClose}
    >
      {sent === null ? (
        <MessageForm eventId={eventId} onSent={setSent} />
      ) : (
        <p role="status">{t(messages.sent, { count: sent })}</p>
      )}
    </Dialog>
  );
}

export function MessageAttendeesButton({ eventId }: { eventId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
        <Send size={16} aria-hidden="true" />
        {t(messages.title)}
      </Button>
      <MessageAttendeesDialog eventId={eventId} open={open} onOpenChange={setOpen} />
    </>
  );
}
