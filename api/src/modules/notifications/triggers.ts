// What the event use cases tell the notification system. The outbox implementation enqueues one message
// per recipient and channel; `silentTriggers` is for code paths (and tests) that send nothing.
export type EventUpdateType = 'details' | 'date' | 'location' | 'visibility';

export interface NotificationTriggers {
  eventCreated(eventId: number): Promise<void>;
  eventUpdated(eventId: number, updateType: string): Promise<void>;
  invited(eventId: number, userIds: number[]): Promise<void>;
  emailLinkRequested(input: { userId: number; email: string; confirmUrl: string }): Promise<void>;
}

export const silentTriggers: NotificationTriggers = {
  eventCreated: async () => {},
  eventUpdated: async () => {},
  invited: async () => {},
  emailLinkRequested: async () => {},
};
