// The paged list's cursor: opaque to clients, base64url of "<u|p>.<date in ms>.<id>", the keyset of the last
// event of the page before. The side is inside, so a cursor of the upcoming list cannot page the past one.
import { MSG } from '../../../../shared/messages';
import type { EventsPageQuery } from '../../../../shared/schemas/events';
import { invalid } from '../../../../shared/errors';
import type { Keyset } from './events-list-repository';

type When = EventsPageQuery['when'];

const MAX_INT4 = 2_147_483_647;
const SHAPE = /^([up])\.(-?\d{1,15})\.(\d{1,10})$/;

export function encodeCursor(when: When, last: { date: string; id: number }): string {
  return Buffer.from(`${when[0]}.${Date.parse(last.date)}.${last.id}`).toString('base64url');
}

/** The keyset in `cursor`, or 400 'Invalid cursor' for anything this server did not hand out for `when`. */
export function decodeCursor(cursor: string, when: When): Keyset {
  const match = SHAPE.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const date = new Date(Number(match?.[2]));
  const id = Number(match?.[3]);
  if (!match || match[1] !== when[0] || Number.isNaN(date.getTime()) || id < 1 || id > MAX_INT4) {
    throw invalid(MSG.cursorInvalid);
  }
  return { date, id };
}
