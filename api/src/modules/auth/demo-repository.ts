// Demo mode's data: the demo accounts (found by their email) and the sample events of a fresh database.
import type { Prisma } from '../../db/database';
import type { UserRow } from '../users/users-repository';

export interface DemoUser {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The demo account with this email, created on first use; an existing one is left as it is. */
export const upsertDemoAccountUser = (prisma: Prisma, demo: DemoUser): Promise<UserRow> =>
  prisma.user.upsert({
    where: { googleEmail: demo.email },
    create: {
      name: demo.name,
      googleEmail: demo.email,
      isAdmin: demo.isAdmin,
      isDemo: true,
      notificationPrefs: ['email'],
      // Adults, so the demo shows replying and commenting without a birth-date or consent step.
      birthDate: new Date('1990-01-01T00:00:00.000Z'),
    },
    update: {},
  });

export const hasAnyEvent = async (prisma: Prisma): Promise<boolean> => (await prisma.event.count()) > 0;

export interface SampleEvent {
  name: string;
  description: string;
  location: string;
  imageUrl: string;
  date: Date;
  isPublic: boolean;
  creatorId: number;
}

export async function insertSampleEvents(prisma: Prisma, events: SampleEvent[]): Promise<void> {
  await prisma.event.createMany({ data: events });
}
