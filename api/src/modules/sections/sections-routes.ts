// /api/sections/*: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import {
  sectionCreateSchema,
  sectionLeadersSchema,
  sectionMembersSchema,
  sectionUpdateSchema,
} from '../../../../shared/schemas/sections';
import { currentUser, requireUser } from '../auth/request-auth';
import { parse, parseId } from '../../http/validate';
import type { SectionsService } from './sections-service';

export function sectionsRouter(sections: SectionsService): Router {
  const router = Router();
  const sectionId = (params: { id?: string }) => parseId(params.id, 'section');

  router.get('/sections', requireUser, async (req, res) => {
    res.json(await sections.list(currentUser(req)));
  });

  router.post('/sections', requireUser, async (req, res) => {
    res.status(201).json(await sections.create(currentUser(req), parse(sectionCreateSchema, req.body)));
  });

  router.patch('/sections/:id', requireUser, async (req, res) => {
    const id = sectionId(req.params);
    res.json(await sections.update(currentUser(req), id, parse(sectionUpdateSchema, req.body)));
  });

  router.delete('/sections/:id', requireUser, async (req, res) => {
    await sections.remove(currentUser(req), sectionId(req.params));
    res.status(204).end();
  });

  router.get('/sections/:id/members', requireUser, async (req, res) => {
    res.json(await sections.members(currentUser(req), sectionId(req.params)));
  });

  router.put('/sections/:id/members', requireUser, async (req, res) => {
    const id = sectionId(req.params);
    res.json(await sections.changeMembers(currentUser(req), id, parse(sectionMembersSchema, req.body)));
  });

  router.put('/sections/:id/leaders', requireUser, async (req, res) => {
    const id = sectionId(req.params);
    res.json(await sections.setLeaders(currentUser(req), id, parse(sectionLeadersSchema, req.body).userIds));
  });

  return router;
}
