// What a visitor who opened a shared link sees of a public upcoming event (GET /api/events/{id}/preview): its
// cover, name, date and time, who hosts it (first name only), how many are going, the organiser's words for
// outsiders, and one way in ("Sign in to reply", or "Ask to join" where new members wait for approval). The
// place, the description and the people stay for members; a private, past or unknown event shows the sign-in
// alone (`signIn`), exactly like a missing one.
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Lock, UserRound, Users } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useParams } from '../../../../lib/router';
import { eventPreviewPath } from '../../../../../../shared/first-screen';
import type { EventPreview } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { commonMessages } from '../../../../components/common-messages';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { defineMessages, translate, useLanguage, useT } from '../../../../i18n';
import { api } from '../../../../lib/api-client';
import { openAuthDialog } from '../../../../lib/auth';
import { detailDate, detailTime } from '../../../../lib/dates';
import { EventCover } from '../common/event-cover';
import styles from './event-preview.module.css';

const messages = defineMessages({
  title: { id: 'web.events.teaser.title', defaultMessage: '{name} · Community Events' },
  when: { id: 'web.events.teaser.when', defaultMessage: '{date} · {time}' },
  hostedBy: { id: 'web.events.teaser.hostedBy', defaultMessage: 'Hosted by {name}' },
  going: {
    id: 'web.events.teaser.going',
    defaultMessage: '{count, plural, one {# person going} other {# people going}}',
  },
  signInToReply: { id: 'web.events.teaser.signInToReply', defaultMessage: 'Sign in to reply' },
  askToJoin: { id: 'web.events.teaser.askToJoin', defaultMessage: 'Ask to join' },
  askHint: {
    id: 'web.events.teaser.askHint',
    defaultMessage: 'New here? Sign in and an organiser will let you in. Members just sign in.',
  },
  membersSee: { id: 'web.events.teaser.membersSee', defaultMessage: 'Members see the place and all the details.' },
});

export function EventTeaser({ signIn }: { signIn: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending } = useQuery({
    queryKey: ['events', 'preview', id],
    queryFn: () => api.get<EventPreview>(eventPreviewPath(id)),
    enabled: valid,
    retry: false,
    staleTime: 60_000,
  });
  // The tab, a bookmark and a search result name the event, as the page the server sent did.
  useEffect(() => {
    if (data) document.title = translate(messages.title, { name: data.name });
  }, [data, language]);
  if (valid && isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (!data) return <>{signIn}</>;
  const ask = data.membershipMode === 'approval';
  return (
    <article className={styles.teaser} aria-labelledby="event-teaser-name">
      <EventCover event={{ ...data, isPublic: true }} variant="cover" priority />
      <div className={styles.body}>
        {/* The organiser's own words read in their own direction, whatever the page's language. */}
        <h1 id="event-teaser-name" className={styles.name} dir="auto">
          {data.name}
        </h1>
        <ul className={styles.facts}>
          <li>
            <CalendarDays size={18} aria-hidden="true" />
            <time dateTime={data.date}>
              {t(messages.when, {
                date: detailDate(data.date, data.timeZone),
                time: detailTime(data.date, data.timeZone),
              })}
            </time>
          </li>
          {data.hostFirstName && (
            <li>
              <UserRound size={18} aria-hidden="true" />
              <span>{t(messages.hostedBy, { name: data.hostFirstName })}</span>
            </li>
          )}
          {data.attendingCount > 0 && (
            <li>
              <Users size={18} aria-hidden="true" />
              <span>{t(messages.going, { count: data.attendingCount })}</span>
            </li>
          )}
        </ul>
        {data.publicSummary && (
          <p className={styles.summary} dir="auto">
            {data.publicSummary}
          </p>
        )}
        <div className={styles.action}>
          <Button block onClick={openAuthDialog}>
            {t(ask ? messages.askToJoin : messages.signInToReply)}
          </Button>
          <p className={styles.note}>
            <Lock size={14} aria-hidden="true" />
            <span>{t(ask ? messages.askHint : messages.membersSee)}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
