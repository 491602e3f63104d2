// IANA time zones with the platform's own Intl (no zone database in the bundle): validation, wall time in a
// zone, and the zone's short name at an instant ("GMT+1", "EDT"), which follows daylight saving.
import { dateFormat } from './date-format';

const IANA_NAME = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const known = new Map<string, string | null>();

let listed: Map<string, string> | null = null;
/** Intl's own list by lower case (it has the names ICU prefers: Asia/Calcutta rather than Asia/Kolkata). */
function listedZones(): Map<string, string> {
  listed ??= new Map(
    (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).map((zone) => [
      zone.toLowerCase(),
      zone,
    ]),
  );
  return listed;
}

/**
 * The zone as stored: an IANA name Intl knows, as given ('Asia/Kolkata' stays, though ICU calls it
 * Asia/Calcutta), or Intl's own spelling of a name in another case ('europe/berlin' → 'Europe/Berlin');
 * null for anything else.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (known.has(zone)) return known.get(zone)!;
  let canonical: string | null = null;
  // Offsets such as '+03:00' are not zones: they know nothing of daylight saving.
  if (zone.length <= 64 && IANA_NAME.test(zone)) {
    try {
      const resolved = dateFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
      const exact = resolved === zone || zone === 'UTC' || /^[A-Z][A-Za-z]*(?:\/[A-Z][A-Za-z0-9_+-]*)+$/.test(zone);
      canonical = exact ? zone : (listedZones().get(zone.toLowerCase()) ?? null);
    } catch {
      canonical = null;
    }
  }
  if (known.size < 1000) known.set(zone, canonical);
  return canonical;
}

export const isTimeZone = (zone: string) => canonicalTimeZone(zone) !== null;

function wallParts(instant: Date, zone: string) {
  const format = dateFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The zone's wall-clock reading at `instant`, as a Date whose UTC fields are that reading ("floating" time). */
export function wallTime(instant: Date, zone: string): Date {
  const p = wallParts(instant, zone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, instant.getUTCMilliseconds()));
}

/** Minutes the zone is ahead of UTC at this instant (Europe/Berlin in July: 120). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const p = wallParts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant when the clocks in `zone` show this wall time. A time skipped by a daylight-saving change
 * (02:30 on a spring-forward night) is read with the offset from before the change, as calendar apps do.
 */
export function instantFromWallTime(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  zone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const before = zoneOffsetMinutes(new Date(asUtc - 24 * 3600_000), zone);
  const first = asUtc - before * 60_000;
  const offset = zoneOffsetMinutes(new Date(first), zone);
  const second = asUtc - offset * 60_000;
  return new Date(zoneOffsetMinutes(new Date(second), zone) === offset ? second : first);
}

/**
 * The zone's short name at this instant, as `language` writes it: in English 'GMT+1', 'EDT', 'GMT+5:30', 'UTC';
 * in German 'MESZ', in French 'UTC+2', in Arabic 'غرينتش+2' (Intl's own name in that language).
 */
export function zoneShortName(instant: Date, zone: string, language = 'en'): string {
  const part = dateFormat(language === 'en' ? 'en-US' : language, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** ' GMT+1 (Europe/Berlin)' after a time; ' UTC' alone when the short name is the zone's own. */
export function zoneLabel(instant: Date, zone: string, language = 'en'): string {
  const short = zoneShortName(instant, zone, language);
  return short === zone ? ` ${short}` : ` ${short} (${zone})`;
}
