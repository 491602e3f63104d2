// The events list as JSON, from each event's part kept under its row version (issue 13). An event's own fields
// (eventPart) are the same for every member; only the last three (viewerPart: their RSVP) differ. So a list is
// one statement for what the viewer sees (ids, row versions, their RSVPs; events-repository.ts), each event's
// JSON taken from memory when its row has not changed since it was last written out, and one statement for
// the events that did change or were never read. The key is the pair of row versions (the xmin of the event
// and of its series), which every write changes, the kept counts included: nothing is ever stale, and nothing
// needs clearing. A one-hour life per entry keeps a transaction id that wrapped around (after about four
// billion writes) from ever meeting an old entry.
//
// The bytes are those of JSON.stringify(toSummary(row)): the tests compare them with the details' answers. They
// are kept and joined as bytes (Buffers, outside the JavaScript heap): a 94 KB list answer then costs one copy,
// not a string to build, flatten and encode again for the socket on every request.
import { LRUCache } from 'lru-cache';
import type { Prisma } from '../../db/database';
import {
  eventPart,
  readEventParts,
  viewerPart,
  type EventSqlRow,
  type ListedSqlRow,
  type RowVersions,
  type Viewer,
  type ViewerSqlRow,
} from './events-repository';

/** About 8,000 events' worth (a listed event's part is about 500 bytes). */
const MAX_BYTES = 4_000_000;
const LIFE_MS = 60 * 60 * 1000;

type Parts = LRUCache<string, Buffer>;

/** One store per database client: two databases in one process (the tests) share no ids. */
const stores = new WeakMap<object, Parts>();

function partsOf(prisma: Prisma): Parts {
  let parts = stores.get(prisma);
  if (!parts) {
    parts = new LRUCache<string, Buffer>({
      maxSize: MAX_BYTES,
      sizeCalculation: (json) => json.length,
      ttl: LIFE_MS,
    });
    stores.set(prisma, parts);
  }
  return parts;
}

const keyOf = (id: number, versions: RowVersions) => `${id}.${versions.row_version}.${versions.series_version ?? ''}`;

/** The event's JSON without its closing brace: the viewer's part follows. */
const openEvent = (row: EventSqlRow) => Buffer.from(JSON.stringify(eventPart(row)).slice(0, -1));

/**
 * The JSON of each listed event that the viewer may still see, in the listed order, as [its part, the viewer's
 * part]: the kept part of its current row, or one read now for those not kept (read with the viewer's
 * visibility again, so an event hidden or deleted since it was listed is left out).
 */
export async function summariesJson(
  prisma: Prisma,
  viewer: Viewer,
  listed: ListedSqlRow[],
): Promise<Array<[Buffer, Buffer]>> {
  const parts = partsOf(prisma);
  const found = new Map<number, Buffer>();
  const missing: number[] = [];
  for (const row of listed) {
    const part = parts.get(keyOf(row.id, row));
    if (part === undefined) missing.push(row.id);
    else found.set(row.id, part);
  }
  if (missing.length > 0) {
    for (const row of await readEventParts(prisma, viewer, missing)) {
      const part = openEvent(row);
      parts.set(keyOf(row.id, row), part);
      found.set(row.id, part);
    }
  }
  const json: Array<[Buffer, Buffer]> = [];
  for (const row of listed) {
    const part = found.get(row.id);
    if (part !== undefined) json.push([part, closeWithViewer(row)]);
  }
  return json;
}

/** The viewer's part and the closing brace. Most are alike (no answer yet), so each is written once. */
const viewerEndings = new Map<string, Buffer>();
function closeWithViewer(row: ViewerSqlRow): Buffer {
  const key = `${row.my_status}|${row.my_guests}|${row.my_position}`;
  let ending = viewerEndings.get(key);
  if (ending === undefined) {
    ending = Buffer.from(`,${JSON.stringify(viewerPart(row)).slice(1)}`);
    // Statuses × guests (0-5) × waitlist places: bounded by the longest waitlist; the bound keeps it small.
    if (viewerEndings.size < 10_000) viewerEndings.set(key, ending);
  }
  return ending;
}

const COMMA = Buffer.from(',');

/** `before`, the events' JSON separated by commas, `after`: one copy into one Buffer. */
export function joinJson(before: string, events: Array<[Buffer, Buffer]>, after: string): Buffer {
  const chunks: Buffer[] = [Buffer.from(before)];
  events.forEach(([part, ending], index) => {
    if (index > 0) chunks.push(COMMA);
    chunks.push(part, ending);
  });
  chunks.push(Buffer.from(after));
  return Buffer.concat(chunks);
}
