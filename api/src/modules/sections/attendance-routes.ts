// /api/sections/{id}/attendance and its CSV: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import { attendanceRangeSchema } from '../../../../shared/schemas/registers';
import { currentUser, requireUser } from '../auth/request-auth';
import { parse, parseId } from '../../http/validate';
import type { AttendanceService } from './attendance-service';

export function attendanceRouter(attendance: AttendanceService): Router {
  const router = Router();
  const sectionId = (params: { id?: string }) => parseId(params.id, 'section');

  router.get('/sections/:id/attendance', requireUser, async (req, res) => {
    const id = sectionId(req.params);
    res.json(await attendance.report(currentUser(req), id, parse(attendanceRangeSchema, req.query)));
  });

  router.get('/sections/:id/attendance.csv', requireUser, async (req, res) => {
    const id = sectionId(req.params);
    const { filename, body } = await attendance.csv(currentUser(req), id, parse(attendanceRangeSchema, req.query));
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
    res.send(body);
  });

  return router;
}
