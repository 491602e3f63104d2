// Invite links: an admin makes a link (how many may use it, for how many days, as member or organiser),
// copies it to send to a family or a leader, and revokes it when it is no longer wanted.
import { Copy, Link2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useCreateInvite, useInvites, useRevokeInvite, type InviteLink } from '../api/invites';
import styles from './admin-lists.module.css';
import { serverMessage } from './server-message';

const messages = defineMessages({
  maxUsesInvalid: {
    id: 'web.admin.invites.maxUsesInvalid',
    defaultMessage: 'Enter a whole number from 1 to 1000, or leave it empty for no limit',
  },
  daysInvalid: { id: 'web.admin.invites.daysInvalid', defaultMessage: 'Enter a whole number of days from 1 to 90' },
  created: { id: 'web.admin.invites.created', defaultMessage: 'Invite link created' },
  createdText: { id: 'web.admin.invites.createdText', defaultMessage: 'Copy it and send it to who you invite.' },
  createFailed: { id: 'web.admin.invites.createFailed', defaultMessage: 'Could not create the invite link' },
  revoked: { id: 'web.admin.invites.revoked', defaultMessage: 'Invite link revoked' },
  revokeFailed: { id: 'web.admin.invites.revokeFailed', defaultMessage: 'Could not revoke the invite link' },
  title: { id: 'web.admin.invites.title', defaultMessage: 'Invite links' },
  intro: {
    id: 'web.admin.invites.intro',
    defaultMessage:
      'Whoever opens an invite link and signs in joins at once, without waiting for approval. Send links privately.',
  },
  formLabel: { id: 'web.admin.invites.formLabel', defaultMessage: 'New invite link' },
  maxUses: { id: 'web.admin.invites.maxUses', defaultMessage: 'Max uses (optional)' },
  noLimit: { id: 'web.admin.invites.noLimit', defaultMessage: 'No limit' },
  days: { id: 'web.admin.invites.days', defaultMessage: 'Valid for (days)' },
  joinsAs: { id: 'web.admin.invites.joinsAs', defaultMessage: 'Joins as' },
  member: { id: 'web.admin.invites.member', defaultMessage: 'Member' },
  organiser: { id: 'web.admin.invites.organiser', defaultMessage: 'Organiser' },
  creating: { id: 'web.admin.invites.creating', defaultMessage: 'Creating...' },
  create: { id: 'web.admin.invites.create', defaultMessage: 'Create invite link' },
  loading: { id: 'web.admin.invites.loading', defaultMessage: 'Loading invite links' },
  empty: { id: 'web.admin.invites.empty', defaultMessage: 'No invite links yet.' },
  revokeTitle: { id: 'web.admin.invites.revokeTitle', defaultMessage: 'Revoke this invite link?' },
  revokeText: {
    id: 'web.admin.invites.revokeText',
    defaultMessage: 'Nobody can join with it any more. Members who already joined with it stay members.',
  },
  revoke: { id: 'web.admin.invites.revoke', defaultMessage: 'Revoke' },
  revoking: { id: 'web.admin.invites.revoking', defaultMessage: 'Revoking...' },
  usesNoLimit: {
    id: 'web.admin.invites.usesNoLimit',
    defaultMessage: '{uses, plural, one {# used, no limit} other {# used, no limit}}',
  },
  usesOfMax: {
    id: 'web.admin.invites.usesOfMax',
    defaultMessage: '{max, plural, one {{uses} of # used} other {{uses} of # used}}',
    description: '`uses`: how many joined with the link so far; `max`: how many may.',
  },
  expired: { id: 'web.admin.invites.expired', defaultMessage: 'expired' },
  expires: { id: 'web.admin.invites.expires', defaultMessage: 'expires {date}' },
  meta: {
    id: 'web.admin.invites.meta',
    defaultMessage: '{uses} · {expiry}',
    description: 'How much the link was used, then whether/when it expires.',
  },
  expiredBadge: { id: 'web.admin.invites.expiredBadge', defaultMessage: 'Expired' },
  usedUp: { id: 'web.admin.invites.usedUp', defaultMessage: 'Used up' },
  copied: { id: 'web.admin.invites.copied', defaultMessage: 'Invite link copied' },
  copyFailed: { id: 'web.admin.invites.copyFailed', defaultMessage: 'Could not copy' },
  copyByHand: { id: 'web.admin.invites.copyByHand', defaultMessage: 'The link is selected: copy it by hand.' },
  linkLabel: { id: 'web.admin.invites.linkLabel', defaultMessage: 'Invite link' },
  copy: { id: 'web.admin.invites.copy', defaultMessage: 'Copy link' },
});

/** Whole numbers within the contract's bounds; empty means "not given" (no limit, or the server's default). */
function wholeNumber(text: string, min: number, max: number): number | undefined | 'bad' {
  if (!text.trim()) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : 'bad';
}

/**
 * Copies with the Clipboard API where the page may (a secure context, permission), else selects the link's
 * text and copies it the old way; if both fail the text stays selected for the admin to copy by hand.
 */
async function copyLink(url: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

export function InvitesSection() {
  const t = useT();
  const invites = useInvites();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [maxUses, setMaxUses] = useState('');
  const [days, setDays] = useState('14');
  const [role, setRole] = useState<'member' | 'organiser'>('member');
  const [errors, setErrors] = useState<{ maxUses?: string; days?: string }>({});
  const [revoking, setRevoking] = useState<InviteLink | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const uses = wholeNumber(maxUses, 1, 1000);
    const expiresInDays = wholeNumber(days, 1, 90);
    const found = {
      maxUses: uses === 'bad' ? t(messages.maxUsesInvalid) : undefined,
      days: expiresInDays === 'bad' ? t(messages.daysInvalid) : undefined,
    };
    setErrors(found);
    if (uses === 'bad' || expiresInDays === 'bad') return;
    create.mutate(
      { maxUses: uses, expiresInDays, role },
      {
        onSuccess: () => toast({ title: t(messages.created), description: t(messages.createdText) }),
        onError: (error) => toastError(t(messages.createFailed), serverMessage(error)),
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.code, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: t(messages.revoked) });
      },
      onError: (error) => {
        setRevoking(null);
        toastError(t(messages.revokeFailed), serverMessage(error));
      },
    });
  };

  return (
    <Card title={t(messages.title)} labelledBy="invites-title" className={styles.section}>
      <p className="muted">{t(messages.intro)}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t(messages.formLabel)}>
        <Field label={t(messages.maxUses)} error={errors.maxUses}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            placeholder={t(messages.noLimit)}
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </Field>
        <Field label={t(messages.days)} error={errors.days}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </Field>
        <Field label={t(messages.joinsAs)}>
          <select value={role} onChange={(e) => setRole(e.target.value as 'member' | 'organiser')}>
            <option value="member">{t(messages.member)}</option>
            <option value="organiser">{t(messages.organiser)}</option>
          </select>
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <Link2 size={16} aria-hidden="true" /> {t(create.isPending ? messages.creating : messages.create)}
        </Button>
      </form>

      {invites.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {invites.isError && <p role="alert">{errorMessage(invites.error)}</p>}
      {invites.isSuccess && invites.data.length === 0 && <p className="muted">{t(messages.empty)}</p>}
      {invites.isSuccess && invites.data.length > 0 && (
        <ul className={styles.list} aria-label={t(messages.title)}>
          {invites.data.map((invite) => (
            <InviteRow key={invite.code} invite={invite} onRevoke={() => setRevoking(invite)} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t(messages.revokeTitle)}
        description={t(messages.revokeText)}
        confirmLabel={t(messages.revoke)}
        busyLabel={t(messages.revoking)}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}

function InviteRow({ invite, onRevoke }: { invite: InviteLink; onRevoke: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const expired = new Date(invite.expiresAt).getTime() <= Date.now();
  const usedUp = invite.maxUses !== null && invite.uses >= invite.maxUses;
  const uses =
    invite.maxUses === null
      ? t(messages.usesNoLimit, { uses: invite.uses })
      : t(messages.usesOfMax, { uses: invite.uses, max: invite.maxUses });
  const copy = async () => {
    if (await copyLink(invite.url, input.current)) toast({ title: t(messages.copied) });
    else toastError(t(messages.copyFailed), t(messages.copyByHand));
  };
  return (
    <li className={styles.row}>
      <div className={styles.main}>
        <Field label={t(messages.linkLabel)}>
          <input
            ref={input}
            type="text"
            readOnly
            className={styles.link}
            value={invite.url}
            onFocus={(e) => e.target.select()}
          />
        </Field>
        <p className={styles.meta}>
          {t(messages.meta, {
            uses,
            expiry: expired ? t(messages.expired) : t(messages.expires, { date: longDateTime(invite.expiresAt) }),
          })}
        </p>
        {(expired || usedUp) && (
          <div className={styles.badges}>
            <Badge>{t(expired ? messages.expiredBadge : messages.usedUp)}</Badge>
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={copy}>
          <Copy size={16} aria-hidden="true" /> {t(messages.copy)}
        </Button>
        <Button size="small" variant="danger" onClick={onRevoke}>
          {t(messages.revoke)}
        </Button>
      </div>
    </li>
  );
}
