// The leaders picker: every cleared adult leader (names only, from GET …/leaders/candidates) as a box to tick,
// those already named ticked. A leader named earlier whose checks have run out is listed too, ticked and marked,
// so the manager sees why and can untick them; saving with them still ticked shows the server's 400, which
// names them. Saving sends the whole list (PUT …/leaders).
import { useState } from 'react';
import type { EventLeaders } from '../../../../../../shared/types/leader-checks';
import { Badge } from '../../../../components/badge/badge';
import { Button } from '../../../../components/button/button';
import { commonMessages } from '../../../../components/common-messages';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field } from '../../../../components/field/field';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { toast } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { useLeaderCandidates, useSaveEventLeaders } from '../../api/event-leaders';
import { leadersMessages } from './leaders-text';
import styles from './leaders.module.css';

const messages = defineMessages({
  title: { id: 'web.leaders.dialogTitle', defaultMessage: 'Leaders of this event' },
  intro: {
    id: 'web.leaders.dialogIntro',
    defaultMessage: 'Only adults whose checks are current can lead an event. Tick everyone who leads it.',
  },
  loading: { id: 'web.leaders.loading', defaultMessage: 'Loading cleared leaders...' },
  filter: { id: 'web.leaders.filter', defaultMessage: 'Find a leader' },
  noCandidates: {
    id: 'web.leaders.noCandidates',
    defaultMessage: 'Nobody is a cleared leader yet. An admin records leaders’ checks in Members.',
  },
  noMatch: { id: 'web.leaders.noMatch', defaultMessage: 'No cleared leader matches.' },
  list: { id: 'web.leaders.list', defaultMessage: 'Cleared leaders' },
  save: { id: 'web.leaders.save', defaultMessage: 'Save leaders' },
  saved: { id: 'web.leaders.saved', defaultMessage: 'Leaders saved' },
});

/** A list longer than this gets a search box. */
const FILTER_FROM = 8;

export function LeadersDialog({
  eventId,
  current,
  onClose,
}: {
  eventId: number;
  current: EventLeaders;
  onClose: () => void;
}) {
  const t = useT();
  const candidates = useLeaderCandidates(eventId, true);
  const save = useSaveEventLeaders(eventId);
  const [chosen, setChosen] = useState(() => new Set(current.leaderIds));
  const [query, setQuery] = useState('');

  const offered = candidates.data ?? [];
  const offeredIds = new Set(offered.map((person) => person.id));
  // Named before and no longer cleared: shown first, so that unticking them is one tap.
  const lapsed = current.leaders
    .filter((leader) => !offeredIds.has(leader.id))
    .map((leader) => ({ ...leader, cleared: false }));
  const everyone = [...lapsed, ...offered.map((person) => ({ ...person, cleared: true }))];
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? everyone.filter((person) => person.name.toLocaleLowerCase().includes(needle)) : everyone;

  const toggle = (id: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = () =>
    save.mutate([...chosen], {
      onSuccess: () => {
        toast({ title: translate(messages.saved) });
        onClose();
      },
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(messages.title)} description={t(messages.intro)}>
      {candidates.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {candidates.isError && <p role="alert">{errorMessage(candidates.error)}</p>}
      {candidates.isSuccess && (
        <div className={styles.picker}>
          {everyone.length > FILTER_FROM && (
            <Field label={t(messages.filter)}>
              <input type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
            </Field>
          )}
          {everyone.length === 0 && <p className="muted">{t(messages.noCandidates)}</p>}
          {everyone.length > 0 && shown.length === 0 && <p className="muted">{t(messages.noMatch)}</p>}
          {shown.length > 0 && (
            <fieldset className={styles.choices}>
              <legend className="visually-hidden">{t(messages.list)}</legend>
              {shown.map((person) => (
                <label key={person.id} className="checkbox-row">
                  <input
                    type="checkbox"
                    checked={chosen.has(person.id)}
                    disabled={save.isPending}
                    onChange={(event) => toggle(person.id, event.target.checked)}
                  />
                  <span className={styles.name}>{person.name}</span>
                  {!person.cleared && <Badge tone="warning">{t(leadersMessages.notCleared)}</Badge>}
                </label>
              ))}
            </fieldset>
          )}
          {save.isError && (
            <p className="field-error" role="alert">
              {errorMessage(save.error)}
            </p>
          )}
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t(commonMessages.cancel)}
        </Button>
        <Button onClick={submit} disabled={!candidates.isSuccess || save.isPending}>
          {save.isPending ? t(commonMessages.saving) : t(messages.save)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
