// The adult-to-youth ratio, one rule for the API's figures and the register's live count on a phone.
import type { EventRatio, LeaderSettings } from './types/leader-checks';

/** What the ratio needs of the organisation's settings. */
export type RatioRule = Pick<LeaderSettings, 'minLeadersPerEvent' | 'youthPerLeader'>;

/** max(minLeadersPerEvent, ceil(minors / youthPerLeader)) while minors attend; an event of adults needs none. */
export function ratioOf(leaders: number, minors: number, rule: RatioRule): EventRatio {
  const required = minors > 0 ? Math.max(rule.minLeadersPerEvent, Math.ceil(minors / rule.youthPerLeader)) : 0;
  return { leaders, minors, required, ok: leaders >= required };
}
