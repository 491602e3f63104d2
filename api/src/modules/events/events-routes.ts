// /api/events/*: HTTP only — parse, call the service, answer.
import { Router, type RequestHandler } from 'express';
import { commentReportSchema, commentSchema } from '../../../../shared/schemas/comments';
import {
  eventCreateSchema,
  eventUpdateSchema,
  eventsPageQuerySchema,
  invitationsSchema,
  seriesScopeQuerySchema,
} from '../../../../shared/schemas/events';
import { csvQuerySchema } from '../../../../shared/schemas/questions';
import { checkInSchema, eventMessageSchema } from '../../../../shared/schemas/rsvp';
import { sectionFilterSchema } from '../../../../shared/schemas/sections';
import { notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { replySchema } from '../../../../shared/siblings';
import type { EventPreview } from '../../../../shared/types';
import { currentUser, requireUser } from '../auth/request-auth';
import { answeredNotModified } from '../../http/version-etag';
import { rateLimit, type RateLimitRule } from '../../http/rate-limit';
import type { AppDeps } from '../../deps';
import { parse, parseId } from '../../http/validate';
import { type EventsService } from './events-service';
import { type OrganiserService } from './organiser-service';

/**
 * Link previews per client address and minute: the preview route and a shared event's page (web/first-screen.ts)
 * count in one bucket, so a script walking the ids is slowed down whichever way it asks.
 */
export const linkPreviewRule = (config: AppDeps['config']): RateLimitRule => ({
  name: 'link-preview',
  limit: config.rateLimitPreviewPerMinute,
  windowMs: 60_000,
});

export function eventsRouter(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  events: EventsService,
  organiser: OrganiserService,
): Router {
  const router = Router();
  const previewLimit = rateLimit(deps.prisma, linkPreviewRule(deps.config));
  const eventId = (params: { id?: string }) => parseId(params.id, 'event');

  // A member's create attempt is refused before their form is judged: the answer they need is "not allowed".
  const mayCreate: RequestHandler = async (req, _res, next) => {
    await events.assertCanCreate(currentUser(req));
    next();
  };

  // With when, limit, cursor or mine: a page ({ events, nextCursor }); without: SPEC's whole list, oldest first.
  router.get('/events', requireUser, async (req, res) => {
    const viewer = currentUser(req);
    const query = req.query as Record<string, unknown>;
    const paged =
      query.when !== undefined || query.limit !== undefined || query.cursor !== undefined || query.mine !== undefined;
    const { sectionId } = parse(sectionFilterSchema, { sectionId: query.sectionId });
    const page = paged ? { ...parse(eventsPageQuerySchema, query), sectionId } : null;
    if (answeredNotModified(req, res, await events.versionTagFor(viewer, paged, req.auth?.dataVersion))) return;
    // Written as res.json would write it (Express's type, length and ETag rules), from the list's own JSON.
    res.type('json').send(page ? await events.pageJson(viewer, page) : await events.listJson(viewer, sectionId));
  });

  router.post('/events', requireUser, mayCreate, async (req, res) => {
    const input = parse(eventCreateSchema, req.body);
    res.status(201).json(await events.create(currentUser(req), input));
  });

  // What a shared link shows a visitor before they sign in: an upcoming public event's name, time and cover,
  // never its place or description. A past, private, deleted or unknown event answers the same 404, as does
  // every event while the organisation has turned previews off, so a guessed id reveals nothing.
  router.get('/events/:id/preview', previewLimit, async (req, res) => {
    const shared = await events.publicPreview(eventId(req.params));
    if (!shared) throw notFound(MSG.eventNotFound);
    const body: EventPreview = shared.preview;
    res.setHeader('Cache-Control', 'no-cache').json(body);
  });

  router.get('/events/:id', requireUser, async (req, res) => {
    const viewer = currentUser(req);
    const id = eventId(req.params);
    if (answeredNotModified(req, res, await events.versionTagFor(viewer, false, req.auth?.dataVersion))) return;
    res.json(await events.getVisible(viewer, id));
  });

  router.patch('/events/:id', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const input = parse(eventUpdateSchema, req.body);
    // ?scope=following: this occurrence of a series and every later one.
    const { scope } = parse(seriesScopeQuerySchema, req.query);
    res.json(await events.update(currentUser(req), id, input, scope));
  });

  router.delete('/events/:id', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const { scope } = parse(seriesScopeQuerySchema, req.query);
    await events.remove(currentUser(req), id, scope);
    res.status(204).end();
  });

  router.get('/events/:id/attendance', requireUser, async (req, res) => {
    res.json(await events.getAttendance(currentUser(req), eventId(req.params)));
  });

  router.post('/events/:id/attend', requireUser, async (req, res) => {
    const id = eventId(req.params);
    res.json(await events.setAttendance(currentUser(req), id, parse(replySchema, req.body)));
  });

  router.get('/events/:id/host', requireUser, async (req, res) => {
    res.json(await events.host(currentUser(req), eventId(req.params)));
  });

  router.get('/events/:id/attendees', requireUser, async (req, res) => {
    res.json(await events.attendees(currentUser(req), eventId(req.params)));
  });

  // The organiser's tools (creator or admin) and the member's pass.
  router.get('/events/:id/attendees.csv', requireUser, async (req, res) => {
    // ?sensitive=true: with the answers to sensitive registration questions (audited).
    const { sensitive } = parse(csvQuerySchema, req.query);
    const { filename, body } = await organiser.csv(currentUser(req), eventId(req.params), sensitive);
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
    res.send(body);
  });

  router.post('/events/:id/messages', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const input = parse(eventMessageSchema, req.body);
    res.status(202).json(await organiser.message(currentUser(req), id, input));
  });

  router.post('/events/:id/check-in', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const input = parse(checkInSchema, req.body);
    res.json(await organiser.checkIn(currentUser(req), id, input));
  });

  router.delete('/events/:id/check-in/:userId', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const userId = parseId(req.params.userId, 'user');
    res.json(await organiser.undoCheckIn(currentUser(req), id, userId));
  });

  router.get('/events/:id/pass', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await organiser.pass(currentUser(req), eventId(req.params)));
  });

  router.get('/events/:id/comments', requireUser, async (req, res) => {
    res.json(await events.comments(currentUser(req), eventId(req.params)));
  });

  router.post('/events/:id/comments', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const { content } = parse(commentSchema, req.body);
    res.status(201).json(await events.addComment(currentUser(req), id, content));
  });

  const commentId = (params: { commentId?: string }) => parseId(params.commentId, 'comment');

  router.patch('/events/:id/comments/:commentId', requireUser, async (req, res) => {
    const [id, comment] = [eventId(req.params), commentId(req.params)];
    const { content } = parse(commentSchema, req.body);
    res.json(await events.editComment(currentUser(req), id, comment, content));
  });

  router.delete('/events/:id/comments/:commentId', requireUser, async (req, res) => {
    await events.removeComment(currentUser(req), eventId(req.params), commentId(req.params));
    res.status(204).end();
  });

  router.post('/events/:id/comments/:commentId/report', requireUser, async (req, res) => {
    const [id, comment] = [eventId(req.params), commentId(req.params)];
    await events.reportComment(currentUser(req), id, comment, parse(commentReportSchema, req.body));
    res.status(202).json({ success: true });
  });

  router.get('/events/:id/invitations', requireUser, async (req, res) => {
    res.json(await events.invitations(currentUser(req), eventId(req.params)));
  });

  router.post('/events/:id/invitations', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const { userIds } = parse(invitationsSchema, req.body);
    res.json(await events.replaceInvitations(currentUser(req), id, userIds));
  });

  return router;
}
