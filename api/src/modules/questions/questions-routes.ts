// /api/events/{id}/questions and /api/events/{id}/answers: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import { answersQuerySchema, answersUpdateSchema, questionsSchema } from '../../../../shared/schemas/questions';
import { currentUser, requireUser } from '../auth/request-auth';
import { parse, parseId } from '../../http/validate';
import type { QuestionsService } from './questions-service';

export function questionsRouter(questions: QuestionsService): Router {
  const router = Router();
  const eventId = (params: { id?: string }) => parseId(params.id, 'event');

  router.get('/events/:id/questions', requireUser, async (req, res) => {
    res.json(await questions.list(currentUser(req), eventId(req.params)));
  });

  router.put('/events/:id/questions', requireUser, async (req, res) => {
    const id = eventId(req.params);
    res.json(await questions.replace(currentUser(req), id, parse(questionsSchema, req.body)));
  });

  // The managers' table of everyone's answers; with forUserId, one member's own (a guardian's child's) answers.
  router.get('/events/:id/answers', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const { forUserId } = parse(answersQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    if (forUserId === undefined) res.json(await questions.answers(currentUser(req), id));
    else res.json({ answers: await questions.answersOf(currentUser(req), id, forUserId) });
  });

  // The member's own answers (or, forUserId, their child's), changed until RSVPs close.
  router.put('/events/:id/answers', requireUser, async (req, res) => {
    const id = eventId(req.params);
    const input = parse(answersUpdateSchema, req.body);
    res.json({ answers: await questions.updateAnswers(currentUser(req), id, input) });
  });

  return router;
}
