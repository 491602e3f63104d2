// /api/users/*: the signed-in user's own profile and preferences, and the member directory.
import { Router } from 'express';
import {
  deleteAccountSchema,
  languageChoiceSchema,
  preferencesSchema,
  sendPhoneCodeSchema,
  updateMeSchema,
  verifyPhoneSchema,
} from '../../../../shared/schemas/users';
import type { AppDeps } from '../../deps';
import { SESSION_COOKIE, cookieOptions } from '../auth/sessions';
import { currentUser, requireUser } from '../auth/request-auth';
import { parse } from '../../http/validate';
import { type PhoneVerificationService } from './phone-verification-service';
import { type MembersService } from './members-service';
import type { AccountService } from './account-service';
import type { MinorsService } from '../minors/minors-service';

export function membersRouter(
  deps: AppDeps,
  users: MembersService,
  phone: PhoneVerificationService,
  account: AccountService,
  minors: MinorsService,
): Router {
  const router = Router();

  router.get('/users/me', requireUser, async (req, res) => {
    res.json(await minors.currentUser(currentUser(req)));
  });

  router.patch('/users/me', requireUser, async (req, res) => {
    const input = parse(updateMeSchema, req.body);
    res.json(await users.updateContact(currentUser(req), input));
  });

  /** 202 {status:'sent', expiresAt} when a code went out; 200 {status:'verified'} when there is nothing to do. */
  router.post('/users/me/phone/verification', requireUser, async (req, res) => {
    parse(sendPhoneCodeSchema, req.body);
    const result = await phone.sendCode(currentUser(req), req.language ?? null);
    res.status(result.status === 'sent' ? 202 : 200).json(result);
  });

  router.post('/users/me/phone/verify', requireUser, async (req, res) => {
    const { code } = parse(verifyPhoneSchema, req.body);
    res.json(await phone.verifyCode(currentUser(req), code));
  });

  /** The member's language everywhere (web, Mini App, bot, notifications); null follows Telegram and the browser. */
  router.patch('/users/me/language', requireUser, async (req, res) => {
    const { language } = parse(languageChoiceSchema, req.body);
    res.json(await users.chooseLanguage(currentUser(req), language));
  });

  router.patch('/users/me/preferences', requireUser, async (req, res) => {
    const { preferences } = parse(preferencesSchema, req.body);
    res.json(await users.updatePreferences(currentUser(req), preferences));
  });

  /** The member's data as a JSON download; never kept by a cache or the browser's history of responses. */
  router.get('/users/me/export', requireUser, async (req, res) => {
    const data = await account.exportData(currentUser(req));
    res.set('Cache-Control', 'no-store');
    res.attachment(`my-data-${data.profile.id}.json`);
    res.type('application/json');
    res.send(JSON.stringify(data, null, 2));
  });

  /** Erases the account (body `{ "confirm": true }`); the browser's cookie goes with its session. */
  router.delete('/users/me', requireUser, async (req, res) => {
    parse(deleteAccountSchema, req.body);
    await account.deleteAccount(currentUser(req));
    res.clearCookie(SESSION_COOKIE, cookieOptions(deps));
    res.set('Cache-Control', 'no-store');
    res.status(204).end();
  });

  router.get('/users', requireUser, async (req, res) => {
    res.json(await users.directory(currentUser(req)));
  });

  return router;
}
