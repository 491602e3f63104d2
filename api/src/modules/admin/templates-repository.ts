// The notification_templates table: the only code that talks to Prisma about templates.
import type { OrganisationLanguage, TemplateChannel, TemplateType } from '../../../../shared/constants';
import type { TemplateInput } from '../../../../shared/schemas/admin';
import type { NotificationTemplateItem } from '../../../../shared/types';
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';

/** The client or a transaction of it (writes are audited in their transaction). */
type Db = Prisma | PrismaTypes.TransactionClient;
import { isDbFailure } from '../../db/errors';

const itemSelect = { id: true, type: true, channel: true, template: true, language: true } as const;

/** Which write failed on a database constraint, so the service can answer 409/404 instead of 500. */
export type TemplateWriteFailure = 'duplicate' | 'missing';

function failureOf(error: unknown): TemplateWriteFailure | null {
  if (isDbFailure(error, 'unique')) return 'duplicate';
  if (isDbFailure(error, 'not-found')) return 'missing';
  return null;
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; failure: TemplateWriteFailure };

async function attempt<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return { ok: false, failure };
  }
}

/** The database keeps only languages we speak (a check constraint): the row's text is one of them. */
const toItem = (row: Omit<NotificationTemplateItem, 'language'> & { language: string }) =>
  row as NotificationTemplateItem;

export const listTemplates = async (prisma: Prisma): Promise<NotificationTemplateItem[]> =>
  (
    await prisma.notificationTemplate.findMany({
      select: itemSelect,
      orderBy: [{ type: 'asc' }, { channel: 'asc' }, { language: 'asc' }],
    })
  ).map(toItem);

export const createTemplate = (prisma: Db, input: TemplateInput & { language: OrganisationLanguage }) =>
  attempt(async () => toItem(await prisma.notificationTemplate.create({ data: input, select: itemSelect })));

/** Without a language the template keeps its own. */
export const updateTemplate = (prisma: Db, id: number, input: TemplateInput) =>
  attempt(async () =>
    toItem(await prisma.notificationTemplate.update({ where: { id }, data: input, select: itemSelect })),
  );

export const deleteTemplate = (prisma: Db, id: number) =>
  attempt(() => prisma.notificationTemplate.delete({ where: { id }, select: { id: true } }));

/** The admin's template for this notification in `language`, if any. */
export const findTemplate = (
  prisma: Prisma,
  type: TemplateType,
  channel: TemplateChannel,
  language: OrganisationLanguage,
): Promise<{ template: string } | null> =>
  prisma.notificationTemplate.findUnique({
    where: { type_channel_language: { type, channel, language } },
    select: { template: true },
  });
