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
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useCreateInvite, useInvites, useRevokeInvite, type InviteLink } from '../api/invites';
import styles from './admin-lists.module.css';
import { serverMessage } from './server-message';

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
      maxUses: uses === 'bad' ? 'Enter a whole number from 1 to 1000, or leave it empty for no limit' : undefined,
      days: expiresInDays === 'bad' ? 'Enter a whole number of days from 1 to 90' : undefined,
    };
    setErrors(found);
    if (uses === 'bad' || expiresInDays === 'bad') return;
    create.mutate(
      { maxUses: uses, expiresInDays, role },
      {
        onSuccess: () => toast({ title: 'Invite link created', description: 'Copy it and send it to who you invite.' }),
        onError: (error) => toastError('Could not create the invite link', serverMessage(error)),
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.code, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: 'Invite link revoked' });
      },
      onError: (error) => {
        setRevoking(null);
        toastError('Could not revoke the invite link', serverMessage(error));
      },
    });
  };

  return (
    <Card title="Invite links" labelledBy="invites-title" className={styles.section}>
      <p className="muted">
        Whoever opens an invite link and signs in joins at once, without waiting for approval. Send links privately.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="New invite link">
        <Field label="Max uses (optional)" error={errors.maxUses}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            placeholder="No limit"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </Field>
        <Field label="Valid for (days)" error={errors.days}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </Field>
        <Field label="Joins as">
          <select value={role} onChange={(e) => setRole(e.target.value as 'member' | 'organiser')}>
            <option value="member">Member</option>
            <option value="organiser">Organiser</option>
          </select>
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <Link2 size={16} aria-hidden="true" /> {create.isPending ? 'Creating...' : 'Create invite link'}
        </Button>
      </form>

      {invites.isPending && <Skeleton label="Loading invite links" shape="lines" />}
      {invites.isError && <p role="alert">{errorMessage(invites.error)}</p>}
      {invites.isSuccess && invites.data.length === 0 && <p className="muted">No invite links yet.</p>}
      {invites.isSuccess && invites.data.length > 0 && (
        <ul className={styles.list} aria-label="Invite links">
          {invites.data.map((invite) => (
            <InviteRow key={invite.code} invite={invite} onRevoke={() => setRevoking(invite)} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this invite link?"
        description="Nobody can join with it any more. Members who already joined with it stay members."
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}

function InviteRow({ invite, onRevoke }: { invite: InviteLink; onRevoke: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const expired = new Date(invite.expiresAt).getTime() <= Date.now();
  const usedUp = invite.maxUses !== null && invite.uses >= invite.maxUses;
  const uses = invite.maxUses === null ? `${invite.uses} used, no limit` : `${invite.uses} of ${invite.maxUses} used`;
  const copy = async () => {
    if (await copyLink(invite.url, input.current)) toast({ title: 'Invite link copied' });
    else toastError('Could not copy', 'The link is selected: copy it by hand.');
  };
  return (
    <li className={styles.row}>
      <div className={styles.main}>
        <Field label="Invite link">
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
          {uses} · {expired ? 'expired' : `expires ${longDateTime(invite.expiresAt)}`}
        </p>
        {(expired || usedUp) && (
          <div className={styles.badges}>
            <Badge>{expired ? 'Expired' : 'Used up'}</Badge>
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={copy}>
          <Copy size={16} aria-hidden="true" /> Copy link
        </Button>
        <Button size="small" variant="danger" onClick={onRevoke}>
          Revoke
        </Button>
      </div>
    </li>
  );
}
