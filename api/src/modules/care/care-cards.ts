// A care card at rest: the whole card as one JSON document sealed with SECRETS_KEY (AES-256-GCM, the key that
// seals the SMTP password), so a database read or a backup holds ciphertext. Nothing else stores or logs it.
import { emptyCareCard, type CareCard, type CareCardContent } from '../../../../shared/care';
import type { AppDeps } from '../../deps';
import type { SecretBox } from '../../lib/secrets';
import { findCard, type StoredCard } from './care-repository';

export const sealCard = (secrets: SecretBox, content: CareCardContent): string =>
  secrets.encrypt(JSON.stringify(content));

/**
 * The card as answers carry it; an empty card with `updatedAt: null` when none was saved. A card the key cannot
 * open (SECRETS_KEY changed) is answered empty and marked `unreadable`, and logged without its content.
 */
export function openCard(
  deps: Pick<AppDeps, 'secrets' | 'logger'>,
  stored: StoredCard | null,
  userId: number,
): CareCard {
  if (!stored) return { ...emptyCareCard(), updatedAt: null };
  try {
    const content = JSON.parse(deps.secrets.decrypt(stored.sealed)) as CareCardContent;
    return { ...emptyCareCard(), ...content, updatedAt: stored.updatedAt.toISOString() };
  } catch {
    deps.logger.error({ userId }, 'A care card could not be opened with the current SECRETS_KEY');
    return { ...emptyCareCard(), updatedAt: stored.updatedAt.toISOString(), unreadable: true };
  }
}

/** The member's own card (their data export reads it too). */
export async function readCareCard(deps: Pick<AppDeps, 'prisma' | 'secrets' | 'logger'>, userId: number) {
  return openCard(deps, await findCard(deps.prisma, userId), userId);
}
