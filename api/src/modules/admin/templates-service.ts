// Use cases of the admin's notification templates: one template per type, channel and language.
import { MSG } from '../../../../shared/messages';
import type { TemplateInput } from '../../../../shared/schemas/admin';
import type { NotificationTemplateItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../../../shared/errors';
import { recordAudit } from '../audit/audit-repository';
import { readDefaultLanguage } from '../organisation/organisation-service';
import * as repo from './templates-repository';

function unwrap<T>(result: repo.WriteResult<T>): T {
  if (result.ok) return result.value;
  throw result.failure === 'duplicate' ? conflict(MSG.templateExists) : notFound(MSG.templateNotFound);
}

export function createTemplatesService(deps: Pick<AppDeps, 'prisma' | 'config'>) {
  const { prisma, config } = deps;

  /** A write and its audit entry in one transaction; a refused write records nothing. `change` names what was written. */
  function audited<T>(
    actorId: number,
    change: string | ((value: T) => string),
    write: (tx: Parameters<typeof repo.createTemplate>[0]) => Promise<repo.WriteResult<T>>,
  ): Promise<T> {
    return prisma
      .$transaction(async (tx) => {
        const result = await write(tx);
        if (!result.ok) throw new RefusedWrite(result);
        await recordAudit(tx, {
          actorId,
          action: 'settings.changed',
          subject: { type: 'settings', id: 'notification_templates' },
          details: { change: typeof change === 'string' ? change : change(result.value) },
        });
        return result.value;
      })
      .catch((error: unknown) =>
        unwrap(error instanceof RefusedWrite ? (error.result as repo.WriteResult<T>) : rethrow(error)),
      );
  }

  return {
    list: (): Promise<NotificationTemplateItem[]> => repo.listTemplates(prisma),
    /** Without a language, the template is written in the organisation's. */
    create: (actorId: number, input: TemplateInput) =>
      audited(
        actorId,
        (item: NotificationTemplateItem) => `created ${describe(item)}`,
        async (tx) =>
          repo.createTemplate(tx, { ...input, language: input.language ?? (await readDefaultLanguage(config, tx)) }),
      ),
    /** Without a language, the template keeps its own (a client that does not know languages edits the text). */
    update: (actorId: number, id: number, input: TemplateInput) =>
      audited(
        actorId,
        (item: NotificationTemplateItem) => `updated ${describe(item)}`,
        (tx) => repo.updateTemplate(tx, id, input),
      ),
    remove: async (actorId: number, id: number): Promise<void> => {
      await audited(actorId, `deleted template ${id}`, (tx) => repo.deleteTemplate(tx, id));
    },
  };
}

/** The audit log's words for a template: "event_created email de". */
const describe = (item: NotificationTemplateItem) => `${item.type} ${item.channel} ${item.language}`;

/** Carries a refused write out of its transaction, which is rolled back. */
class RefusedWrite extends Error {
  constructor(readonly result: repo.WriteResult<unknown>) {
    super('refused write');
  }
}

function rethrow(error: unknown): never {
  throw error;
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
