// GET /api/users/me/export: everything stored about the member, saved as a JSON file.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Fetched through the API client rather than followed as a link: the Mini App's session travels in a header a
 * link could not carry. The answer is saved from memory, so no copy stays behind on the server or in a cache.
 */
export async function downloadMyData(): Promise<void> {
  const { data } = await apiRequest<unknown>('GET', '/api/users/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
