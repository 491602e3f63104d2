// Events from before time zones (time_zone null) happen in the organisation's zone: the one their dates were
// shown in until then. The migration cannot know it, so startup writes it once (not an edit: SEQUENCE stays).
import type { Prisma } from '../../db/database';

export async function adoptOrganisationTimeZone(prisma: Prisma, zone: string): Promise<void> {
  await prisma.event.updateMany({ where: { timeZone: null }, data: { timeZone: zone } });
}
