import type { AccountRole, MemberStatus, ReportCategory } from '../../../../../shared/constants';
import type { ReportStatus } from '../../../../../shared/types';
import { needsKey } from '../../../lib/needs';

export interface MemberFilters {
  q: string;
  status: MemberStatus | '';
  role: AccountRole | '';
}

export const adminKeys = {
  all: ['admin'] as const,
  templates: () => [...adminKeys.all, 'templates'] as const,
  smtp: () => [...adminKeys.all, 'smtp'] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  memberList: (filters: MemberFilters) => [...adminKeys.members(), 'list', filters] as const,
  pendingCount: () => [...adminKeys.members(), 'pending-count'] as const,
  consentsAwaiting: () => [...adminKeys.members(), 'consents-awaiting'] as const,
  invites: () => [...adminKeys.all, 'invites'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportList: (status: ReportStatus, category: ReportCategory | null) =>
    [...adminKeys.reports(), status, category ?? 'all'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  organisation: () => [...adminKeys.all, 'organisation'] as const,
  /** GET /api/sections: the same list members read (the events feature keeps its own copy of it). */
  sections: () => ['sections'] as const,
  sectionMembers: (id: number) => [...adminKeys.sections(), id, 'members'] as const,
  auditList: (action: string) => [...adminKeys.audit(), action] as const,
  /** The leader's counts (lib/needs.ts): refreshed with the lists they count. */
  needs: () => needsKey,
};
