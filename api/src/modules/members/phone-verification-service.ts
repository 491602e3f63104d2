// Confirming a member's phone number (DESIGN §4: contact points are verified before use). Until the member
// types back a code sent to the number, no SMS goes there: otherwise anyone could point our SMS notifications
// at a stranger's phone, or at premium numbers (SMS pumping, at the organisation's cost). Sending the code is
// itself an SMS to a number nobody has confirmed yet, so it is limited: one per minute per member, and a few a
// day per member and per number.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_VERIFICATION } from '../../../../shared/constants';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import type { Language } from '../../../../shared/i18n/languages';
import { MSG } from '../../../../shared/messages';
import type { CurrentUser, PhoneCodeResponse } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { invalid, rateLimited, upstreamFailed } from '../../../../shared/errors';
import { consume, personalKey } from '../../http/rate-limit';
import { randomToken, sha256 } from '../../lib/secrets';
import { DeliveryError } from '../notifications/delivery';
import { createSmsSender } from '../notifications/sms-sender';
import {
  confirmPhone,
  countGuess,
  deletePhoneCode,
  findPhoneCode,
  storePhoneCode,
} from './phone-verification-repository';
import type { UserRow } from '../users/users-repository';
import type { MinorsService } from '../minors/minors-service';
import { readDefaultLanguage } from '../organisation/organisation-service';

const DAY_MS = 24 * 60 * 60 * 1000;

const messages = defineMessages({
  code: {
    id: 'sms.phoneCode',
    description: 'The SMS that confirms a phone number; `product`: the organisation’s name',
    defaultMessage:
      '{code} is your {product} code. It expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, ignore this SMS.',
  },
});

/** The code is bound to the member and the number: the same digits confirm nothing else. */
const hashCode = (userId: number, phoneNumber: string, code: string) => sha256(`${userId}:${phoneNumber}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** '+4915…' and '4915…' reach the same phone: the per-number limit counts them together. */
const numberKey = (phoneNumber: string) => phoneNumber.replace(/\D/g, '');

const secondsUntil = (at: Date, now: number) => Math.max(1, Math.ceil((at.getTime() - now) / 1000));

export function createPhoneVerificationService(
  deps: Pick<AppDeps, 'config' | 'logger' | 'now' | 'prisma' | 'secrets'>,
  minors: MinorsService,
) {
  const toCurrentUser = minors.currentUser;
  const { prisma } = deps;
  const sms = createSmsSender(deps.config.sms, deps.logger);
  const dailyRule = (name: string) => ({ name, limit: PHONE_VERIFICATION.perDay, windowMs: DAY_MS });

  /** Counts a send against a daily limit; over it, a 429 saying when the day's window ends. */
  async function countDaily(key: string): Promise<void> {
    const verdict = await consume(prisma, key, dailyRule(key));
    if (!verdict.allowed) throw rateLimited(MSG.phoneCodeDailyLimit, verdict.retryAfterSeconds);
  }

  /** POST /api/users/me/phone/verification: a new code by SMS to the saved number. */
  async function sendCode(user: UserRow, language: Language | null): Promise<PhoneCodeResponse> {
    const phoneNumber = user.phoneNumber;
    if (!phoneNumber) throw invalid(MSG.smsNeedsPhone);
    if (user.phoneVerifiedAt) return { status: 'verified' };
    // In the language the member reads the settings page in: they are waiting for it there.
    const smsLanguage = language ?? (await readDefaultLanguage(deps.config, prisma));

    const now = deps.now();
    const resendBefore = new Date(now.getTime() - PHONE_VERIFICATION.resendAfterMs);
    const cooldown = (sentAt: Date) =>
      rateLimited(
        MSG.phoneCodeCooldown,
        secondsUntil(new Date(sentAt.getTime() + PHONE_VERIFICATION.resendAfterMs), now.getTime()),
      );
    // Checked before counting, so asking too early does not use up the day's codes.
    const previous = await findPhoneCode(prisma, user.id);
    if (previous && previous.sentAt > resendBefore) throw cooldown(previous.sentAt);
    await countDaily(`phone-code-day:user:${user.id}`);
    await countDaily(personalKey(deps.secrets, 'phone-code-day:number', numberKey(phoneNumber)));

    const code = String(randomInt(0, 10 ** PHONE_VERIFICATION.codeLength)).padStart(PHONE_VERIFICATION.codeLength, '0');
    const stored = {
      userId: user.id,
      phoneNumber,
      codeHash: hashCode(user.id, phoneNumber, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + PHONE_VERIFICATION.codeTtlMs),
    };
    // Another request of the same member got in first: it sent a code a moment ago.
    if (!(await storePhoneCode(prisma, stored, resendBefore))) throw cooldown(now);

    const minutes = Math.round(PHONE_VERIFICATION.codeTtlMs / 60_000);
    const text = translator.t(smsLanguage, messages.code.id, { code, product: deps.config.brand.name, minutes });
    try {
      // Sent at once, not through the outbox: the member is waiting for it.
      await sms({
        key: `phone_code:${user.id}:${randomToken(12)}`,
        to: phoneNumber,
        subject: null,
        text,
        html: null,
        payload: null,
      });
    } catch (error) {
      await deletePhoneCode(prisma, stored);
      const reason = error instanceof DeliveryError ? error.message : String(error);
      deps.logger.warn({ userId: user.id, reason }, 'phone verification SMS failed');
      throw upstreamFailed(MSG.smsSendFailed);
    }
    deps.logger.info({ userId: user.id }, 'phone verification code sent');
    return { status: 'sent', expiresAt: stored.expiresAt.toISOString() };
  }

  /** POST /api/users/me/phone/verify: the code from the SMS marks the number verified. */
  async function verifyCode(user: UserRow, code: string): Promise<CurrentUser> {
    if (!user.phoneNumber) throw invalid(MSG.smsNeedsPhone);
    if (user.phoneVerifiedAt) return toCurrentUser(user);
    const pending = await findPhoneCode(prisma, user.id);
    if (!pending || pending.phoneNumber !== user.phoneNumber) throw invalid(MSG.phoneCodeMissing);
    if (pending.expiresAt <= deps.now()) throw invalid(MSG.phoneCodeExpired);
    if (!(await countGuess(prisma, pending, PHONE_VERIFICATION.maxAttempts))) {
      throw invalid(MSG.phoneCodeTooManyAttempts);
    }
    if (!sameHash(hashCode(user.id, pending.phoneNumber, code), pending.codeHash)) {
      const usedUp = pending.attempts + 1 >= PHONE_VERIFICATION.maxAttempts;
      throw invalid(usedUp ? MSG.phoneCodeTooManyAttempts : MSG.phoneCodeWrong);
    }
    const verified = await confirmPhone(prisma, pending, deps.now());
    if (!verified) throw invalid(MSG.phoneCodeMissing);
    deps.logger.info({ userId: user.id }, 'phone number verified');
    return toCurrentUser(verified);
  }

  return { sendCode, verifyCode };
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;
