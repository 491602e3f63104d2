// Calendars: an event's .ics for anyone who may see it, and each member's secret feed URL listing
// what they attend (or, by their choice, every event they may see), with what left it as cancelled for 30 days.
import type { CalendarFeedUrls } from '../../../../shared/types';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import { MSG } from '../../../../shared/messages';
import { notFound } from '../../../../shared/errors';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/secrets';
import { readDataVersion } from '../../db/data-version-repository';
import { versionTag } from '../../http/version-etag';
import { organisationTimeZone, readDefaultLanguage } from '../organisation/organisation-service';
import * as repo from './calendar-repository';
import { buildCalendar, type IcsContext } from './ics';
import type { Viewer } from '../users/viewer';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Cancelled entries stay this long, so every calendar that polls now and then removes them. */
export const CANCELLED_KEPT_DAYS = 30;
/** Past events stay in feeds this long (calendar apps drop what a feed no longer lists). */
export const PAST_KEPT_DAYS = 90;
/** 256 random bits. */
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createCalendarService(deps: Pick<AppDeps, 'config' | 'now' | 'prisma' | 'secrets'>) {
  const { prisma, config, secrets } = deps;
  // Entries of events that name no zone are written in the organisation's (cached briefly).
  const orgZone = () => organisationTimeZone(deps);

  /**
   * PUBLIC_URL, or the origin the request came to (development). UIDs use PUBLIC_URL's host when there is one.
   * Texts in `language`.
   */
  function contextFor(origin: string, language: Language): IcsContext {
    const baseUrl = config.publicUrl ?? origin;
    return {
      baseUrl,
      uidHost: new URL(config.publicUrl ?? 'http://community-events').host,
      brandName: config.brand.name,
      language,
    };
  }

  /**
   * The event as a one-entry calendar, in the request's language (undefined: the organisation's); 404 exactly
   * when GET /api/events/{id} would answer 404.
   */
  async function eventIcs(
    viewer: Viewer,
    id: number,
    origin: string,
    language: Language | undefined,
  ): Promise<{ name: string; ics: string }> {
    const entry = await repo.findVisibleEntry(prisma, viewer, id, await orgZone());
    if (!entry) throw notFound(MSG.eventNotFound);
    const inLanguage = language ?? (await readDefaultLanguage(config, prisma));
    return { name: entry.name, ics: buildCalendar([entry], contextFor(origin, inLanguage)) };
  }

  function urlsOf(token: string, origin: string): CalendarFeedUrls {
    const url = `${config.publicUrl ?? origin}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  async function newToken(userId: number, onlyIfAbsent: boolean): Promise<void> {
    const token = randomToken(TOKEN_BYTES);
    await repo.saveFeedToken(prisma, userId, { hash: sha256(token), sealed: secrets.encrypt(token) }, onlyIfAbsent);
  }

  /** The member's feed URLs (made on first ask) and their choice of events. */
  async function feedSettings(userId: number, origin: string): Promise<CalendarFeedUrls & { allEvents: boolean }> {
    let feed = await repo.findFeedOfUser(prisma, userId);
    if (!feed) {
      await newToken(userId, true);
      feed = (await repo.findFeedOfUser(prisma, userId))!;
    }
    return { ...urlsOf(secrets.decrypt(feed.tokenSealed), origin), allEvents: feed.allEvents };
  }

  /** A new secret URL; the old one answers 404 from now on. */
  async function regenerate(userId: number, origin: string) {
    await newToken(userId, false);
    return feedSettings(userId, origin);
  }

  async function setAllEvents(userId: number, allEvents: boolean, origin: string) {
    await feedSettings(userId, origin);
    await repo.setAllEvents(prisma, userId, allEvents);
    return feedSettings(userId, origin);
  }

  /**
   * The feed behind a token, in two steps so a calendar’s poll costs a few tiny queries when nothing changed:
   * `tag` (a version ETag: the data version, the member, their choice and the day, which moves the windows),
   * then `body` only when the client's copy is stale. Unknown or replaced tokens: 404, never a hint.
   */
  async function openFeed(token: string, origin: string) {
    const feed = TOKEN.test(token) ? await repo.findFeedByTokenHash(prisma, sha256(token)) : null;
    if (!feed) throw notFound(MSG.calendarFeedNotFound);
    const viewer = { id: feed.userId, isAdmin: feed.isAdmin };
    const now = deps.now();
    const today = Math.floor(now.getTime() / DAY_MS);
    // A calendar app sends no language: the feed reads in its owner's saved one, else the organisation's.
    const language = isLanguage(feed.language) ? feed.language : await readDefaultLanguage(config, prisma);
    const choice = `cal${feed.allEvents ? 'a' : ''}${today}${language}`;
    const tag = versionTag(await readDataVersion(prisma), viewer, choice);
    async function body(): Promise<string> {
      // Day-aligned windows, so the body matches its tag all day long.
      const zone = await orgZone();
      const [live, cancelled] = await Promise.all([
        repo.feedEntries(prisma, feed!, new Date((today - PAST_KEPT_DAYS) * DAY_MS), zone),
        repo.cancelledEntries(prisma, feed!.userId, new Date((today - CANCELLED_KEPT_DAYS) * DAY_MS), zone),
      ]);
      // An event that came back (re-joined, visible again) is live, not cancelled.
      const liveIds = new Set(live.map((entry) => entry.id));
      const entries = [...live, ...cancelled.filter((entry) => !liveIds.has(entry.id))];
      return buildCalendar(entries, contextFor(origin, language), config.brand.name);
    }
    return { tag, body };
  }

  async function pruneCancellations(): Promise<void> {
    await repo.deleteCancellationsBefore(prisma, new Date(deps.now().getTime() - (CANCELLED_KEPT_DAYS + 1) * DAY_MS));
  }

  return { eventIcs, feedSettings, regenerate, setAllEvents, openFeed, pruneCancellations };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
