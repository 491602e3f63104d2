// Demo mode: with no sign-in provider configured (and never in production) two clearly labelled demo
// accounts can sign in without a password, and sample events exist, so a fresh `npm start` is usable.
import { SAMPLE_EVENT_IMAGES } from '../../../../shared/constants';
import type { AppDeps } from '../../deps';
import { hasAnyEvent, insertSampleEvents, upsertDemoAccountUser } from './demo-repository';

export const DEMO_ACCOUNTS = {
  admin: { name: 'Demo Admin', email: 'demo-admin@example.org', isAdmin: true },
  member: { name: 'Demo Member', email: 'demo-member@example.org', isAdmin: false },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export async function upsertDemoUser(deps: AppDeps, account: DemoAccount) {
  return upsertDemoAccountUser(deps.prisma, DEMO_ACCOUNTS[account]);
}

const DAY = 24 * 60 * 60 * 1000;

/** Creates the demo accounts and a few sample events once, on an empty events table. */
export async function seedDemo(deps: AppDeps): Promise<void> {
  const admin = await upsertDemoUser(deps, 'admin');
  await upsertDemoUser(deps, 'member');
  if (await hasAnyEvent(deps.prisma)) return;
  const base = deps.now().getTime();
  const samples = [
    ['Campfire Night', 'Songs, stories and marshmallows by the lake.', 'Lakeside Camp', 0, 7],
    ['Summer Concert', 'Our members’ bands play a summer set. Bring friends!', 'Community Hall', 1, 14],
    ['Mountain Hike', 'A day hike with a picnic at the top. Sturdy shoes needed.', 'Trailhead Car Park', 2, 21],
    ['Coding Workshop', 'Build your first web page with mentors from our community.', 'Library Room 2', 3, 28],
    ['Volunteer Day', 'Help clean up the park and plant trees together.', 'City Park', 2, 35],
    ['Board Games Evening', 'Invitation-only games night for the planning team.', 'Youth Centre', 3, 10],
  ] as const;
  await insertSampleEvents(
    deps.prisma,
    samples.map(([name, description, location, image, days], index) => ({
      name,
      description,
      location,
      imageUrl: SAMPLE_EVENT_IMAGES[image],
      date: new Date(base + days * DAY + 18 * 60 * 60 * 1000 - (base % DAY)),
      isPublic: index !== samples.length - 1,
      creatorId: admin.id,
    })),
  );
}
