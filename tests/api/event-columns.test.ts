// Every column of the events table is decided for every view derived from events: the calendar entries and the
// shared cards (kept by triggers generated from event_view_columns), the list's kept JSON (LISTED_COLUMNS) and
// the notifications' "what changed" (event-changes.ts). A new field that nobody decided for a view fails here,
// instead of leaving calendar apps or posted cards silently out of date. The columns are read from the database
// itself, so what the migrations made is what is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_COLUMNS } from '../../api/src/modules/calendar/calendar-repository';
import { EDITED_FIELDS, NOT_EDITED } from '../../api/src/modules/events/event-changes';
import { LISTED_COLUMNS, NOT_LISTED } from '../../api/src/modules/events/event-rows-repository';
import { CARD_COLUMNS } from '../../api/src/modules/telegram/shared-cards-repository';
import { DATABASE_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

interface Declared {
  watched: string[];
  irrelevant: string[];
  /** Where a missing column is to be declared, for the failure's message. */
  where: string;
}

/** imageUrl → image_url: Prisma's field names are the columns' names in camel case. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The views that the triggers keep, by the event_view_columns rows the trigger migrations wrote. */
const TRIGGER_VIEWS = ['calendar', 'shared_card'] as const;

/** What each view reads but an edit of which is no edit of the view: the entry's UID, SEQUENCE and DTSTAMP. */
const KEYS_AND_STAMPS = { calendar: ['id', 'sequence', 'updated_at'], shared_card: ['id'] };

describe.each(DATABASE_KINDS)('the columns of events and the views derived from them on %s', (kind) => {
  let app: TestApp;
  let columns: string[];
  let viewRows: Array<Record<(typeof TRIGGER_VIEWS)[number] | 'column_name', string>>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const prisma = app.deps.prisma;
    const rows = await prisma.$queryRaw<Array<{ column_name: string }>>`
      SELECT column_name::text FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'events' ORDER BY ordinal_position`;
    columns = rows.map((row) => row.column_name);
    viewRows = await prisma.$queryRaw`SELECT column_name, calendar, shared_card FROM event_view_columns`;
  });

  afterAll(async () => {
    await app?.stop();
  });

  function declarations(): Record<string, Declared> {
    const ofTable = (view: (typeof TRIGGER_VIEWS)[number], values: string[]) =>
      viewRows.filter((row) => values.includes(row[view])).map((row) => row.column_name);
    const views: Record<string, Declared> = {};
    for (const view of TRIGGER_VIEWS) {
      views[view] = {
        watched: ofTable(view, ['watched', 'watched once set']),
        irrelevant: ofTable(view, ['irrelevant']),
        where: `its row in event_view_columns (INSERT it in the column's migration)`,
      };
    }
    views.list = {
      watched: Object.keys(LISTED_COLUMNS),
      irrelevant: [...NOT_LISTED],
      where: 'LISTED_COLUMNS or NOT_LISTED in api/src/modules/events/event-rows-repository.ts',
    };
    views.notification = {
      watched: EDITED_FIELDS.map(columnOf),
      irrelevant: NOT_EDITED.map(columnOf),
      where: 'ANNOUNCED or NOT_EDITED in api/src/modules/events/event-changes.ts',
    };
    return views;
  }

  it('When the events table has a column, then every view watches it or declares it irrelevant', () => {
    expect(columns).toContain('name');
    const undecided: string[] = [];
    for (const [view, declared] of Object.entries(declarations())) {
      for (const column of columns) {
        const decisions = [...declared.watched, ...declared.irrelevant].filter((named) => named === column);
        if (decisions.length !== 1) {
          undecided.push(`${column} (${view}): ${decisions.length ? 'declared twice' : `add ${declared.where}`}`);
        }
      }
    }
    expect(undecided).toEqual([]);
  });

  it('When a view declares a column, then the events table has it', () => {
    const unknown = Object.entries(declarations()).flatMap(([view, declared]) =>
      [...declared.watched, ...declared.irrelevant]
        .filter((column) => !columns.includes(column))
        .map((column) => `${column} (${view})`),
    );
    expect(unknown).toEqual([]);
  });

  it('When a shared card or a calendar entry shows a column, then its trigger watches it, and only those', () => {
    const views = declarations();
    const shown = { calendar: [...ENTRY_COLUMNS], shared_card: [...CARD_COLUMNS] };
    for (const view of TRIGGER_VIEWS) {
      const edits = shown[view].filter((column) => !KEYS_AND_STAMPS[view].includes(column));
      expect({ view, watched: [...views[view]!.watched].sort() }).toEqual({ view, watched: edits.sort() });
    }
  });

  it('When event_view_columns says what a view watches, then its trigger compares exactly those columns', async () => {
    const triggers = await app.deps.prisma.$queryRaw<Array<{ name: string; definition: string }>>`
      SELECT tgname::text AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger
      WHERE tgrelid = 'events'::regclass
        AND tgname IN ('events_calendar_sequence', 'events_mark_shared_cards_on_update')`;
    const triggerOf = { calendar: 'events_calendar_sequence', shared_card: 'events_mark_shared_cards_on_update' };
    const views = declarations();
    for (const view of TRIGGER_VIEWS) {
      const definition = triggers.find((trigger) => trigger.name === triggerOf[view])?.definition ?? '';
      const compared = [...new Set([...definition.matchAll(/\bold\.(\w+)/gi)].map((match) => match[1]!))].sort();
      expect({ view, compared }).toEqual({ view, compared: [...views[view]!.watched].sort() });
    }
  });
});
