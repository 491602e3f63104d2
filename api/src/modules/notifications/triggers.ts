// What the use cases tell the notification system. Each trigger takes the transaction of the change it
// reports and writes its fan-out job (or, for one message, its outbox row) there: the change and its
// notifications commit together or not at all (DESIGN §5). `silentTriggers` is for code paths (and tests)
// that send nothing.
import type { Db } from './outbox-repository';

export type EventUpdateType = 'details' | 'date' | 'location' | 'visibility';

export interface NotificationTriggers {
  eventCreated(eventId: number, tx: Db): Promise<void>;
  eventUpdated(eventId: number, updateType: string, tx: Db): Promise<void>;
  invited(eventId: number, userIds: number[], tx: Db): Promise<void>;
  emailLinkRequested(input: { userId: number; email: string; confirmUrl: string }, tx: Db): Promise<void>;
}

export const silentTriggers: NotificationTriggers = {
  eventCreated: async () => {},
  eventUpdated: async () => {},
  invited: async () => {},
  emailLinkRequested: async () => {},
};
