// A member made a cleared leader the way an admin does it: each check the organisation requires by default,
// current until 2032, added through the API.
import { expect } from 'vitest';
import type { TestClient } from './http-client';

export async function clearAsLeader(admin: TestClient, userId: number): Promise<void> {
  for (const kind of ['background_check', 'safeguarding_training']) {
    const added = await admin.post(`/api/admin/members/${userId}/checks`, {
      kind,
      completedOn: '2029-01-01',
      expiresOn: '2032-01-01',
    });
    expect(added.status, added.text).toBe(201);
  }
}
