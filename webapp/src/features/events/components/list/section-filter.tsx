// The events list's section filter: a row of chips (All, Cubs, Scouts) above the list, each a link that keeps
// the list's view and search, so the choice is in the address (?section=3) and survives a reload and Back.
// Shown only where sections matter: the sections the member is in, those the loaded events name (a parent sees
// their child's), and the one chosen; an organisation without sections shows nothing and asks nothing.
import { Link, useSearchParams } from '../../../../lib/router';
import type { EventSummary } from '../../../../../../shared/types';
import { defineMessages, useT } from '../../../../i18n';
import { useSections } from '../../api/sections';
import styles from './section-filter.module.css';

const messages = defineMessages({
  label: { id: 'web.list.sectionFilter.label', defaultMessage: 'Show events of' },
  all: { id: 'web.list.sectionFilter.all', defaultMessage: 'All' },
  empty: { id: 'web.list.sectionFilter.empty', defaultMessage: 'No events of {section} here yet.' },
});

/** The address of the list with `section` chosen (null: all), keeping its other parameters. */
function withSection(params: URLSearchParams, section: number | null): string {
  const next = new URLSearchParams(params);
  if (section === null) next.delete('section');
  else next.set('section', String(section));
  return `/events${next.size ? `?${next}` : ''}`;
}

export function SectionFilter({ loaded, chosen }: { loaded: EventSummary[]; chosen: number | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const named = new Set(loaded.map((event) => event.sectionId).filter((id): id is number => id !== null));
  const sections = useSections(named.size > 0 || chosen !== null);
  const shown = (sections.data ?? []).filter(
    (section) => section.mine || named.has(section.id) || section.id === chosen,
  );
  if (shown.length === 0) return null;
  const chip = (section: number | null, text: string, colour?: string | null) => (
    <Link
      key={section ?? 'all'}
      to={withSection(params, section)}
      className={styles.chip}
      aria-current={section === chosen ? 'true' : undefined}
    >
      {colour !== undefined && (
        <span className={styles.dot} style={{ background: colour ?? undefined }} aria-hidden="true" />
      )}
      {text}
    </Link>
  );
  return (
    <div role="group" aria-label={t(messages.label)} className={styles.chips}>
      {chip(null, t(messages.all))}
      {shown.map((section) => chip(section.id, section.name, section.colour))}
    </div>
  );
}

/** Said under the chips when the chosen section has no events in this view. */
export function SectionEmpty({ chosen }: { chosen: number }) {
  const t = useT();
  const sections = useSections();
  const section = sections.data?.find((item) => item.id === chosen);
  if (!section) return null;
  return <p className="muted">{t(messages.empty, { section: section.name })}</p>;
}
