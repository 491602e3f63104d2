// All Events (SPEC §2), a page at a time: upcoming events soonest first, and a "Past" view
// (/events?when=past) newest first, as compact rows under day headings ('Today', 'Wednesday 2 December'). The next page loads as the member scrolls near the end, or with the
// 'Load more events' button (keyboards, screen readers, and browsers without IntersectionObserver). The header
// search filters the events loaded so far.
import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../../lib/router';
import { Button } from '../../../../components/button/button';
import { StateCard } from '../../../../components/card/card';
import { EmptyState } from '../../../../components/empty-state/empty-state';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { defineMessages, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { dayHeading, dayKey } from '../../../../lib/dates';
import type { EventsWhen } from '../../../../../../shared/schemas/events';
import type { EventSummary } from '../../../../../../shared/types';
import { eventsQueryOptions, sectionParam } from '../../api/get-events';
import { EventRow } from './event-row';
import { SectionEmpty, SectionFilter } from './section-filter';
import styles from './events-list-page.module.css';

const messages = defineMessages({
  upcoming: { id: 'web.events.list.upcoming', defaultMessage: 'Upcoming' },
  past: { id: 'web.events.list.past', defaultMessage: 'Past' },
  views: { id: 'web.events.list.views', defaultMessage: 'Upcoming or past events' },
  loadMore: { id: 'web.events.list.loadMore', defaultMessage: 'Load more events' },
  loadingMore: { id: 'web.events.list.loadingMore', defaultMessage: 'Loading more events...' },
  loading: { id: 'web.events.list.loading', defaultMessage: 'Loading Events...' },
  loadingDetail: { id: 'web.events.list.loadingDetail', defaultMessage: 'Please wait while we load the events...' },
  events: { id: 'web.events.list.events', defaultMessage: 'Events' },
  pastTitle: { id: 'web.events.list.pastTitle', defaultMessage: 'Past Events' },
  upcomingTitle: { id: 'web.events.list.upcomingTitle', defaultMessage: 'Upcoming Events' },
  pastLead: {
    id: 'web.events.list.pastLead',
    defaultMessage: 'Events that have already taken place, the most recent first.',
  },
  upcomingLead: {
    id: 'web.events.list.upcomingLead',
    defaultMessage:
      'As a member you can browse and join our upcoming events. Click on an event to see its details and to register.',
  },
  matches: {
    id: 'web.events.list.matches',
    defaultMessage: '{count, plural, one {# event matches “{query}”.} other {# events match “{query}”.}}',
  },
  matchesSoFar: {
    id: 'web.events.list.matchesSoFar',
    defaultMessage: '{count, plural, one {# event matches “{query}” so far.} other {# events match “{query}” so far.}}',
  },
  noMatches: { id: 'web.events.list.noMatches', defaultMessage: 'No events match your search.' },
  noPast: { id: 'web.events.list.noPast', defaultMessage: 'No past events yet.' },
});

const VIEWS = [
  { when: 'upcoming', label: messages.upcoming },
  { when: 'past', label: messages.past },
] as const;

/** Upcoming and Past as links (each view has its own address), keeping the search and the section. */
function ViewSwitch({
  current,
  query,
  section,
}: {
  current: EventsWhen;
  query: string | null;
  section: number | null;
}) {
  const t = useT();
  return (
    <nav aria-label={t(messages.views)} className={styles.views}>
      {VIEWS.map(({ when, label }) => {
        const search = new URLSearchParams();
        if (when === 'past') search.set('when', 'past');
        if (query) search.set('q', query);
        if (section !== null) search.set('section', String(section));
        const to = `/events${search.size ? `?${search}` : ''}`;
        return (
          <Link key={when} to={to} className={styles.view} aria-current={when === current ? 'page' : undefined}>
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Asks for the next page when the end of the list comes near (600 px ahead), and offers a button too. */
function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || loading || typeof IntersectionObserver === 'undefined') return;
    // Observed anew after each page: if the end is still in sight (a short page, a search), the next one follows.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoad(), {
      rootMargin: '0px 0px 600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, onLoad]);
  return (
    <div ref={sentinel} className={styles.more}>
      <Button variant="secondary" onClick={onLoad} disabled={loading}>
        {t(loading ? messages.loadingMore : messages.loadMore)}
      </Button>
    </div>
  );
}

/** Rows drawn in the first render: more than a desktop's first screen. */
const FIRST_ROWS = 10;

/** Consecutive events of one calendar day (in each event's own zone), in the list's order. */
function byDay(events: EventSummary[]): Array<{ key: string; heading: string; events: EventSummary[] }> {
  const days: Array<{ key: string; heading: string; events: EventSummary[] }> = [];
  for (const event of events) {
    const key = dayKey(event.date, event.timeZone) ?? 'none';
    const last = days[days.length - 1];
    if (last?.key === key) last.events.push(event);
    else days.push({ key, heading: dayHeading(event.date, event.timeZone), events: [event] });
  }
  return days;
}

/**
 * The first render draws the rows on the first screen, the rest of the page right after in a transition: on a
 * slow phone the first screen does not wait for 50 rows, and React builds the others in slices, yielding to
 * taps. They come in under the fold, so nothing visible moves.
 */
function useAllCardsDrawn(ready: boolean): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (ready && !all) startTransition(() => setAll(true));
  }, [ready, all]);
  return all;
}

export function EventsListPage() {
  const t = useT();
  const [params] = useSearchParams();
  const when: EventsWhen = params.get('when') === 'past' ? 'past' : 'upcoming';
  const section = sectionParam(params);
  const events = useInfiniteQuery(eventsQueryOptions(when, section));
  const rawQuery = params.get('q');
  const query = (rawQuery ?? '').trim().toLowerCase();
  const { fetchNextPage, isFetchingNextPage } = events;
  const allDrawn = useAllCardsDrawn(events.isSuccess);
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  if (events.isPending) {
    return <Skeleton label={t(messages.loading)} detail={t(messages.loadingDetail)} shape="rows" />;
  }
  if (events.isError) {
    return (
      <StateCard title={t(messages.events)} role="alert">
        <p>{errorMessage(events.error)}</p>
      </StateCard>
    );
  }
  const loaded = events.data.pages.flatMap((page) => page.events);
  const shown = query
    ? loaded.filter((event) =>
        [event.name, event.description, event.location].some((text) => text.toLowerCase().includes(query)),
      )
    : loaded;
  const drawn = allDrawn ? shown : shown.slice(0, FIRST_ROWS);
  return (
    <>
      <header className={`page-intro ${styles.intro}`}>
        <div className={styles.titleRow}>
          <h1>{t(when === 'past' ? messages.pastTitle : messages.upcomingTitle)}</h1>
          <ViewSwitch current={when} query={rawQuery} section={section} />
        </div>
        <p className={`muted ${styles.lead}`}>{t(when === 'past' ? messages.pastLead : messages.upcomingLead)}</p>
        {query && (
          <p role="status">
            {t(events.hasNextPage ? messages.matchesSoFar : messages.matches, {
              count: shown.length,
              query: rawQuery ?? '',
            })}
          </p>
        )}
      </header>
      <SectionFilter loaded={loaded} chosen={section} />
      {shown.length > 0 && (
        <div className={styles.days}>
          {byDay(drawn).map((day, dayIndex) => (
            <section key={`${day.key}-${dayIndex}`} className={styles.day} aria-labelledby={`day-${dayIndex}`}>
              <h2 id={`day-${dayIndex}`} className={styles.dayHeading}>
                {day.heading}
              </h2>
              {day.events.map((event) => (
                <EventRow key={event.id} event={event} priority={event === drawn[0]} />
              ))}
            </section>
          ))}
        </div>
      )}
      {shown.length === 0 && query && <EmptyState icon={<SearchX size={22} />} title={t(messages.noMatches)} />}
      {loaded.length === 0 && section !== null && <SectionEmpty chosen={section} />}
      {loaded.length === 0 && section === null && when === 'past' && <p className="muted">{t(messages.noPast)}</p>}
      {/* After the whole page is drawn: until then the end of the list is not where it will be. */}
      {events.hasNextPage && allDrawn && <LoadMore loading={isFetchingNextPage} onLoad={loadMore} />}
    </>
  );
}
