// The organisation's sections as a member reads them (GET /api/sections: names, colours, whether they are in
// each). Asked only where an event names a section, so an organisation without sections sends no request.
import { useQuery } from '@tanstack/react-query';
import type { SectionItem } from '../../../../../shared/types/sections';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const useSections = (enabled = true) =>
  useQuery({
    queryKey: eventKeys.sections(),
    queryFn: () => api.get<SectionItem[]>('/api/sections'),
    enabled,
    // Sections change seldom; a page that lists twenty events asks once.
    staleTime: 5 * 60_000,
  });
