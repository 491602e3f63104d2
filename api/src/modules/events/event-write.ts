// What a create or an edit writes to an event: the request's fields, and one rule for every optional field the
// request leaves out. A create takes the field's default; an edit keeps the stored value, so an older client
// that does not know a field changes nothing of it. The fee is one request field (`fee: { amount, currency }`)
// written as two columns.
import type { z } from 'zod';
import { eachText } from '../../../../shared/event-texts';
import { eventUpdateSchema } from '../../../../shared/schemas/events';
import type { EventWrite } from './events-repository';

/** A create or an edit as the schema leaves it (a create's recurrence is the series' business, not written here). */
export type EventFields = z.output<typeof eventUpdateSchema>;

/** The fee's columns, written from the request's one `fee`. */
type FeeColumn = 'feeAmount' | 'feeCurrency';

/** The fields a request may leave out: those the schema makes optional. */
export type OptionalField = {
  [K in keyof EventFields]-?: undefined extends EventFields[K] ? K : never;
}[keyof EventFields];

/** What an optional field holds when the request leaves it out: a create's defaults, or the stored event. */
export type KeptFields = Pick<EventWrite, Exclude<OptionalField, 'fee'> | FeeColumn>;

// The schema's fields are the event's written fields, one for one (the fee as its columns): a field added to one
// side only fails here ("Type 'true' is not assignable to type '"<field>"'"); add it to EventRecord and
// recordSelect, or to the schema.
type OneSideOnly =
  | Exclude<keyof EventFields, keyof EventWrite | 'fee'>
  | Exclude<keyof EventWrite, keyof EventFields | FeeColumn>;
const _sameFields: [OneSideOnly] extends [never] ? true : OneSideOnly = true;

const WRITTEN = (Object.keys(eventUpdateSchema.shape) as Array<keyof EventFields>).filter((field) => field !== 'fee');

/** A create's value for each field it leaves out (`timeZone`: the organisation's). */
export const createDefaults = (timeZone: string): KeptFields => ({
  timeZone,
  isPublic: true,
  ...eachText(() => null),
  capacity: null,
  guestsAllowed: 0,
  rsvpClosesAt: null,
  rsvpDigest: false,
  requiresGuardianApproval: false,
  sectionId: null,
  feeAmount: null,
  feeCurrency: null,
  paymentMode: 'pay_later',
});

/** Only the written fields of `source` that hold a value (a left-out field is undefined; "none" is null). */
function written<T extends Partial<Record<keyof EventFields, unknown>>>(source: T): T {
  const fields: Partial<Record<keyof EventFields, unknown>> = {};
  for (const field of WRITTEN) if (source[field] !== undefined) fields[field] = source[field];
  return fields as T;
}

/**
 * The event as written: what the request sends, and `kept` for each optional field it leaves out. A fee that
 * names no currency is in the event's own (an edit), else `currency` (the organisation's).
 */
export function toWrite(input: EventFields, kept: KeptFields, currency: string): EventWrite {
  const { fee: _fee, ...fields } = { ...written(kept), ...written(input) };
  const fee =
    input.fee === undefined
      ? { feeAmount: kept.feeAmount, feeCurrency: kept.feeCurrency }
      : input.fee === null
        ? { feeAmount: null, feeCurrency: null }
        : { feeAmount: input.fee.amount, feeCurrency: input.fee.currency ?? kept.feeCurrency ?? currency };
  return {
    ...fields,
    ...fee,
    // The schema gives instants as ISO text.
    date: new Date(fields.date),
    rsvpClosesAt: typeof fields.rsvpClosesAt === 'string' ? new Date(fields.rsvpClosesAt) : fields.rsvpClosesAt,
  };
}
