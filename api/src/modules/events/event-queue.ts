// One RSVP transaction per event at a time in this process. The event's row lock already orders them in the
// database, but a transaction waiting for that lock holds a pooled connection: 200 members pressing at once
// would hold every connection and leave other requests waiting past the pool's timeout (503s; the burst of
// tests/bench/rsvp-bench.ts fails on any). Queued here, they wait without a connection; other instances queue
// their own, and the row lock orders the few that meet in the database.

/** A queue per event; the RSVP service keeps one for the database it works on. */
export type EventQueue = <T>(eventId: number, work: () => Promise<T>) => Promise<T>;

/** Runs each `work` after the previous work queued for the same event has settled (whatever its outcome). */
export function createEventQueue(): EventQueue {
  const events = new Map<number, Promise<unknown>>();
  return function queued<T>(eventId: number, work: () => Promise<T>): Promise<T> {
    const previous = events.get(eventId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    events.set(eventId, settled);
    // The last one out removes the queue, so the map holds only events with work in hand.
    void settled.then(() => {
      if (events.get(eventId) === settled) events.delete(eventId);
    });
    return result;
  };
}
