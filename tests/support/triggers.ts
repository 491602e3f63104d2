// Stand-ins for the outbox triggers, for tests that check what the use cases announce rather than what is sent.
import type { NotificationTriggers } from '../../api/src/modules/notifications/triggers';

/** Announces nothing. */
export const silentTriggers: NotificationTriggers = {
  eventCreated: async () => {},
  eventUpdated: async () => {},
  invited: async () => {},
  emailLinkRequested: async () => {},
  promoted: async () => {},
  promotedHeld: async () => {},
  paymentHoldExpired: async () => {},
  eventMessage: async () => {},
  nudged: async () => {},
  seriesUpdated: async () => {},
  rsvpDigest: async () => {},
  reportsDigest: async () => {},
  safeguardingAlert: async () => {},
};

export type TriggerCall = [name: keyof NotificationTriggers, ...args: unknown[]];

/** Records every announcement (without its transaction) in `calls`, in order. */
export function recordingTriggers(calls: TriggerCall[]): NotificationTriggers {
  const record =
    (name: keyof NotificationTriggers) =>
    async (...args: unknown[]) =>
      void calls.push([name, ...args.slice(0, -1)]);
  return Object.fromEntries(
    Object.keys(silentTriggers).map((name) => [name, record(name as keyof NotificationTriggers)]),
  ) as unknown as NotificationTriggers;
}
