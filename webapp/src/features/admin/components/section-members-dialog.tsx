// One section's people: its leaders first, then its members, each with "Leader" to tick and Remove; below, a
// search of the organisation's active members to add. Leaders are named all at once (PUT …/leaders), so
// ticking one sends the whole list as it now stands; a leader who is unticked stays a member.
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { SectionItem, SectionMemberItem } from '../../../../../shared/types/sections';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toastError } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useMembers } from '../api/members';
import { useChangeSectionMembers, useSectionMembers } from '../api/sections';
import styles from './admin-lists.module.css';
import { serverMessage } from './server-message';
import own from './sections-tab.module.css';

const messages = defineMessages({
  title: { id: 'web.admin.sectionMembers.title', defaultMessage: '{name}: members and leaders' },
  intro: {
    id: 'web.admin.sectionMembers.intro',
    defaultMessage:
      "Leaders run the section's events, take its registers and choose its members. Only adults with current checks can be assigned to lead an event.",
  },
  loading: { id: 'web.admin.sectionMembers.loading', defaultMessage: "Loading the section's members" },
  empty: { id: 'web.admin.sectionMembers.empty', defaultMessage: 'Nobody is in this section yet.' },
  leader: { id: 'web.admin.sectionMembers.leader', defaultMessage: 'Leader' },
  leaderOf: { id: 'web.admin.sectionMembers.leaderOf', defaultMessage: '{name} leads this section' },
  remove: { id: 'web.admin.sectionMembers.remove', defaultMessage: 'Remove' },
  removeNamed: { id: 'web.admin.sectionMembers.removeNamed', defaultMessage: 'Remove {name} from the section' },
  addTitle: { id: 'web.admin.sectionMembers.addTitle', defaultMessage: 'Add members' },
  search: { id: 'web.admin.sectionMembers.search', defaultMessage: 'Find a member' },
  searchHint: { id: 'web.admin.sectionMembers.searchHint', defaultMessage: 'Name, email or Telegram username' },
  add: { id: 'web.admin.sectionMembers.add', defaultMessage: 'Add' },
  addNamed: { id: 'web.admin.sectionMembers.addNamed', defaultMessage: 'Add {name} to the section' },
  noMatch: { id: 'web.admin.sectionMembers.noMatch', defaultMessage: 'No other active member matches.' },
  changeFailed: { id: 'web.admin.sectionMembers.changeFailed', defaultMessage: 'Could not change the section' },
});

function PersonRow({
  person,
  leaders,
  busy,
  onLeaders,
  onRemove,
}: {
  person: SectionMemberItem;
  leaders: number[];
  busy: boolean;
  onLeaders: (ids: number[]) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const isLeader = leaders.includes(person.id);
  return (
    <li className={styles.row} aria-label={person.name}>
      <div className={styles.main}>
        <span className={styles.name}>{person.name}</span>
        {isLeader && (
          <div className={styles.badges}>
            <Badge tone="brand">{t(messages.leader)}</Badge>
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <label className={own.leader}>
          <input
            type="checkbox"
            checked={isLeader}
            disabled={busy}
            aria-label={t(messages.leaderOf, { name: person.name })}
            onChange={(e) =>
              onLeaders(e.target.checked ? [...leaders, person.id] : leaders.filter((id) => id !== person.id))
            }
          />
          {t(messages.leader)}
        </label>
        <Button
          size="small"
          variant="danger"
          disabled={busy}
          aria-label={t(messages.removeNamed, { name: person.name })}
          onClick={onRemove}
        >
          {t(messages.remove)}
        </Button>
      </div>
    </li>
  );
}

export function SectionMembersDialog({ section, onClose }: { section: SectionItem; onClose: () => void }) {
  const t = useT();
  const people = useSectionMembers(section.id);
  const change = useChangeSectionMembers(section.id);
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);
  const found = useMembers({ q, status: 'active', role: '' });
  const inSection = new Set(people.data?.members.map((person) => person.id));
  // While a change of leaders is on its way, the boxes show it (the list comes back with the server's answer).
  const asked = change.isPending && change.variables && 'leaders' in change.variables ? change.variables.leaders : null;
  const leaders =
    asked ?? people.data?.members.filter((person) => person.role === 'leader').map((person) => person.id) ?? [];
  const candidates = (found.data?.pages[0]?.members ?? [])
    .filter((member) => member.role !== 'guardian' && !inSection.has(member.id))
    .slice(0, 8);
  const send = (body: Parameters<typeof change.mutate>[0]) =>
    change.mutate(body, { onError: (error) => toastError(t(messages.changeFailed), serverMessage(error)) });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(messages.title, { name: section.name })}
      description={t(messages.intro)}
    >
      <div className={styles.dialogBody}>
        {people.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
        {people.isError && <p role="alert">{errorMessage(people.error)}</p>}
        {people.isSuccess && people.data.members.length === 0 && <p className="muted">{t(messages.empty)}</p>}
        {people.isSuccess && people.data.members.length > 0 && (
          <ul className={styles.list} aria-label={section.name}>
            {people.data.members.map((person) => (
              <PersonRow
                key={person.id}
                person={person}
                leaders={leaders}
                busy={change.isPending}
                onLeaders={(ids) => send({ leaders: ids })}
                onRemove={() => send({ remove: [person.id] })}
              />
            ))}
          </ul>
        )}
        <fieldset className={styles.fieldset}>
          <legend>{t(messages.addTitle)}</legend>
          <div className={own.picker}>
            <Field label={t(messages.search)} hint={t(messages.searchHint)}>
              <input type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
            </Field>
            {found.isSuccess && candidates.length === 0 && <p className="muted">{t(messages.noMatch)}</p>}
            <ul className={own.results}>
              {candidates.map((member) => (
                <li key={member.id} className={own.result}>
                  <span>{member.name}</span>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={change.isPending}
                    aria-label={t(messages.addNamed, { name: member.name })}
                    onClick={() => send({ add: [member.id] })}
                  >
                    <UserPlus size={16} aria-hidden="true" /> {t(messages.add)}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
