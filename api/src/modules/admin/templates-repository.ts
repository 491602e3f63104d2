// The notification_templates table: the only code that talks to Prisma about templates.
import type { TemplateChannel, TemplateType } from '../../../../shared/constants';
import type { TemplateInput } from '../../../../shared/schemas';
import type { NotificationTemplateItem } from '../../../../shared/types';
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';

/** The client or a transaction of it (writes are audited in their transaction). */
type Db = Prisma | PrismaTypes.TransactionClient;
import { isDbFailure } from '../../db/errors';

const itemSelect = { id: true, type: true, channel: true, template: true } as const;

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

export const listTemplates = (prisma: Prisma): Promise<NotificationTemplateItem[]> =>
  prisma.notificationTemplate.findMany({ select: itemSelect, orderBy: [{ type: 'asc' }, { channel: 'asc' }] });

export const createTemplate = (prisma: Db, input: TemplateInput) =>
  attempt(() => prisma.notificationTemplate.create({ data: input, select: itemSelect }));

export const updateTemplate = (prisma: Db, id: number, input: TemplateInput) =>
  attempt(() => prisma.notificationTemplate.update({ where: { id }, data: input, select: itemSelect }));

export const deleteTemplate = (prisma: Db, id: number) =>
  attempt(() => prisma.notificationTemplate.delete({ where: { id }, select: { id: true } }));

/** The admin's template for this notification, if any (the sender falls back to a built-in default). */
export const findTemplate = (
  prisma: Prisma,
  type: TemplateType,
  channel: TemplateChannel,
): Promise<{ template: string } | null> =>
  prisma.notificationTemplate.findUnique({ where: { type_channel: { type, channel } }, select: { template: true } });
