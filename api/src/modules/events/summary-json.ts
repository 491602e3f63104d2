// The events list as JSON, from each event's part kept under its row version. An event's own fields
// (eventPart) are the same for every member; only the last three (viewerPart: their RSVP) differ. So a list is
// one statement that answers a single row: for each event the viewer sees, in order, the key of its row
// versions and the key of the viewer's RSVP (events-list-repository.ts). Each event's JSON comes from memory when
// its row has not changed since it was last written out, and one more statement reads the events that did
// change or were never read. The part's key holds the row versions (the xmin of the event and of its series),
// which every write changes, the kept counts included: nothing is ever stale, and nothing needs clearing. A
// one-hour life per entry keeps a transaction id that wrapped around (after about four billion writes) from
// ever meeting an old entry.
//
// The bytes are those of JSON.stringify(toSummary(row)): the tests compare them with the details' answers. They
// are kept and joined as bytes (Buffers, outside the JavaScript heap): a list answer of many kilobytes then
// costs one copy, not a string to build, flatten and encode again for the socket on every request. Under load
// the list's garbage, more than its work, is what the process spends its time on: hence one row instead of one
// per event, and keys the statement writes, which leave the young generation's collector far less to do.
import { LRUCache } from 'lru-cache';
import type { Prisma } from '../../db/database';
import {
  eventPart,
  viewerOfKey,
  viewerPart,
  idOfPartKey,
  type EventSqlRow,
  type ListedEvent,
} from './event-rows-repository';
import { readEventParts } from './events-list-repository';
import type { Viewer } from '../users/viewer';

/** About 8,000 events' worth (a listed event's part is about 500 bytes). */
const MAX_BYTES = 4_000_000;
const LIFE_MS = 60 * 60 * 1000;

/** The kept parts of one database's events; the events service keeps one (two databases share no ids). */
export type SummaryParts = LRUCache<string, Buffer>;

export const createSummaryParts = (): SummaryParts =>
  new LRUCache<string, Buffer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (json) => json.length,
    ttl: LIFE_MS,
    // An hour's life needs no finer clock than a second: the default (1 ms) sets a timer every millisecond
    // under load to forget the time it read.
    ttlResolution: 1000,
  });

/** No options: passed so that each of the list's lookups does not make its own empty object. */
const GET_OPTIONS: LRUCache.GetOptions<string, Buffer, unknown> = {};

/** The event's JSON without its closing brace: the viewer's part follows. */
const openEvent = (row: EventSqlRow) => Buffer.from(JSON.stringify(eventPart(row)).slice(0, -1));

/**
 * The JSON of each listed event that the viewer may still see, in the listed order, as its part then the
 * viewer's part (two Buffers per event, in one flat array): the kept part of its current row, or one read now
 * for those not kept (read with the viewer's visibility again, so an event hidden or deleted since it was
 * listed is left out). The statement wrote both keys, so a kept event costs two lookups and no string of its
 * own here: the list is the hottest read, and its garbage is what the collector would spend its time on.
 */
export async function summariesJson(
  prisma: Prisma,
  parts: SummaryParts,
  viewer: Viewer,
  listed: ListedEvent[],
): Promise<Buffer[]> {
  const kept: Array<Buffer | undefined> = listed.map((row) => parts.get(row.part_key, GET_OPTIONS));
  const missing = listed.filter((_, index) => kept[index] === undefined).map((row) => idOfPartKey(row.part_key));
  const read = new Map<number, Buffer>();
  if (missing.length > 0) {
    for (const row of await readEventParts(prisma, viewer, missing)) {
      const part = openEvent(row);
      parts.set(row.part_key, part);
      read.set(row.id, part);
    }
  }
  const json: Buffer[] = [];
  listed.forEach((row, index) => {
    const part = kept[index] ?? read.get(idOfPartKey(row.part_key));
    if (part !== undefined) json.push(part, closeWithViewer(row.viewer_key));
  });
  return json;
}

/** The viewer's part and the closing brace. Most are alike (no answer yet), so each is written once. */
const viewerEndings = new Map<string, Buffer>();
function closeWithViewer(key: string): Buffer {
  let ending = viewerEndings.get(key);
  if (ending === undefined) {
    ending = Buffer.from(`,${JSON.stringify(viewerPart(viewerOfKey(key))).slice(1)}`);
    // Statuses × guests (0-5) × waitlist places: bounded by the longest waitlist; the bound keeps it small.
    if (viewerEndings.size < 10_000) viewerEndings.set(key, ending);
  }
  return ending;
}

const COMMA = Buffer.from(',');

/**
 * `before`, the events' JSON (summariesJson: each event's part then the viewer's) separated by commas, `after`:
 * copied once into one Buffer of the exact size.
 */
export function joinJson(before: string, events: Buffer[], after: string): Buffer {
  const head = Buffer.from(before);
  const tail = Buffer.from(after);
  let length = head.length + tail.length + Math.max(0, events.length / 2 - 1) * COMMA.length;
  for (const chunk of events) length += chunk.length;
  const json = Buffer.allocUnsafe(length);
  let at = head.copy(json, 0);
  for (let index = 0; index < events.length; index += 2) {
    if (index > 0) at += COMMA.copy(json, at);
    at += events[index]!.copy(json, at);
    at += events[index + 1]!.copy(json, at);
  }
  tail.copy(json, at);
  return json;
}
