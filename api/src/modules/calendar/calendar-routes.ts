// Calendars over HTTP: an event's .ics, the secret feed (no session: calendar apps poll it), and the member's
// feed settings. Parse, call the service, answer.
import { Router, type Request } from 'express';
import { calendarFeedSettingsSchema, emptyBodySchema } from '../../../../shared/schemas/users';
import { currentUser, requireUser } from '../auth/request-auth';
import { answeredNotModified } from '../../http/version-etag';
import { parse, parseId } from '../../http/validate';
import { type CalendarService } from './calendar-service';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Where this request came in, for links when no PUBLIC_URL is configured. */
const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
/** A file name from the event's name: letters, digits and dashes. */
const fileName = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;

export function calendarRouter(calendar: CalendarService): Router {
  const router = Router();

  router.get('/events/:id/calendar.ics', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'event');
    const { name, ics } = await calendar.eventIcs(currentUser(req), id, requestOrigin(req), req.language);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type(CALENDAR_TYPE).attachment(fileName(name)).send(ics);
  });

  // The token is the credential: a calendar app sends no cookie. 404 for anything unknown or replaced.
  router.get('/calendar/:token.ics', async (req, res) => {
    const feed = await calendar.openFeed(req.params.token, requestOrigin(req));
    if (answeredNotModified(req, res, feed.tag)) return;
    // The URL is a secret: no one else's cache keeps the answer, and it is never sent on as a Referer.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.type(CALENDAR_TYPE).send(await feed.body());
  });

  router.get('/users/me/calendar-feed', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await calendar.feedSettings(currentUser(req).id, requestOrigin(req)));
  });

  router.patch('/users/me/calendar-feed', requireUser, async (req, res) => {
    const { allEvents } = parse(calendarFeedSettingsSchema, req.body);
    res.json(await calendar.setAllEvents(currentUser(req).id, allEvents, requestOrigin(req)));
  });

  router.post('/users/me/calendar-feed/regenerate', requireUser, async (req, res) => {
    parse(emptyBodySchema, req.body ?? {});
    res.json(await calendar.regenerate(currentUser(req).id, requestOrigin(req)));
  });

  return router;
}
