// Use cases of the admin's notification templates: one template per type and channel.
import { MSG } from '../../../../shared/messages';
import type { TemplateInput } from '../../../../shared/schemas';
import type { NotificationTemplateItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../../../shared/errors';
import * as repo from './templates-repository';

function unwrap<T>(result: repo.WriteResult<T>): T {
  if (result.ok) return result.value;
  throw result.failure === 'duplicate' ? conflict(MSG.templateExists) : notFound(MSG.templateNotFound);
}

export function createTemplatesService(deps: Pick<AppDeps, 'prisma'>) {
  const { prisma } = deps;
  return {
    list: (): Promise<NotificationTemplateItem[]> => repo.listTemplates(prisma),
    create: async (input: TemplateInput) => unwrap(await repo.createTemplate(prisma, input)),
    update: async (id: number, input: TemplateInput) => unwrap(await repo.updateTemplate(prisma, id, input)),
    remove: async (id: number): Promise<void> => {
      unwrap(await repo.deleteTemplate(prisma, id));
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
