import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupsView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getBackups = () => api.get<BackupsView>('/api/admin/backups');

/** The download link: a plain navigation, so the browser saves the file and the session cookie goes along. */
export const LATEST_BACKUP_URL = '/api/admin/backups/latest';

/** Always fresh: opening the tab after the nightly run must show that run's backup, not the one before. */
export const backupsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.backups(), queryFn: getBackups, staleTime: 0 });

export const useBackups = () => useQuery(backupsQueryOptions());
