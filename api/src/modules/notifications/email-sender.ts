// Email through nodemailer with the SMTP settings the admins saved. Settings are read for every batch, so a
// change in the admin screen takes effect without a restart; one pooled transport per distinct settings.
import { createHash } from 'node:crypto';
import net from 'node:net';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../../logger';
import type { SmtpDeliverySettings } from '../admin/smtp-settings-service';
import { MSG } from '../../../../shared/messages';
import { permanentFailure, temporaryFailure, type DeliveryError, type OutgoingMessage } from './delivery';

/** The decrypted settings as the admin module hands them out (getSmtpForDelivery). */
export type SmtpDelivery = SmtpDeliverySettings;

export const SMTP_NOT_CONFIGURED = MSG.emailSmtpNotSaved;
export const SMTP_DISABLED = MSG.emailSmtpNotEnabled;

interface SmtpErrorLike {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** 5xx answers about the message or its address will not change on retry; everything else may. */
export function classifySmtpError(error: unknown): DeliveryError {
  const smtp = (error ?? {}) as SmtpErrorLike;
  const detail = smtp.response || smtp.message || String(error);
  const reason = `SMTP error: ${detail}`;
  if (smtp.code === 'EENVELOPE') return permanentFailure(reason);
  if (smtp.responseCode && smtp.responseCode >= 500 && smtp.code !== 'EAUTH') return permanentFailure(reason);
  return temporaryFailure(reason);
}

interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** The worker's deliveries: patient, since a slow server is still worth waiting for. */
const DELIVERY_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket }) => void;

/**
 * Our own TCP connection with Nagle's algorithm off. nodemailer writes the end of each message as a separate
 * small packet; with Nagle on it waits for the server's delayed ACK (~40 ms), capping each pooled connection
 * at ~25 messages/s. nodemailer still does TLS (implicit or STARTTLS) on top of this socket. The socket is
 * handed over while still connecting, so a refused connection reaches nodemailer as its own socket error
 * (its pool mishandles errors reported by getSocket itself) and its greeting timeout covers a silent host.
 */
function connectWithoutDelay(settings: SmtpDelivery) {
  return (_options: unknown, callback: SocketCallback) => {
    callback(null, { connection: net.connect({ host: settings.host, port: settings.port, noDelay: true }) });
  };
}

function transportOptions(settings: SmtpDelivery, pooled: boolean, timeouts = DELIVERY_TIMEOUTS) {
  return {
    getSocket: connectWithoutDelay(settings),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    ...timeouts,
    ...(pooled ? { pool: true, maxConnections: 5, maxMessages: 1000 } : {}),
  };
}

function messageId(key: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1] || 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

type Mailer = typeof import('nodemailer');
let mailer: Promise<Mailer> | undefined;
/** nodemailer loads with the first email, not at start: a process that only serves reads never needs it. */
const loadMailer = () =>
  // CommonJS: its exports are the import's default (typed as the module itself).
  (mailer ??= import('nodemailer').then((module) => (module as unknown as { default: Mailer }).default));

/** Settings are re-read at most this often: a burst of 10,000 messages should not mean 10,000 reads. */
const SETTINGS_TTL_MS = 2000;

export function createEmailSender(loadSmtp: () => Promise<SmtpDelivery | null>, logger: Logger) {
  let cached: { fingerprint: string; transport: Transporter } | null = null;
  let settingsCache: { at: number; value: Promise<SmtpDelivery | null> } | null = null;

  function currentSettings(): Promise<SmtpDelivery | null> {
    if (!settingsCache || Date.now() - settingsCache.at > SETTINGS_TTL_MS) {
      settingsCache = { at: Date.now(), value: loadSmtp() };
      settingsCache.value.catch(() => (settingsCache = null));
    }
    return settingsCache.value;
  }

  async function transportFor(settings: SmtpDelivery): Promise<Transporter> {
    const fingerprint = JSON.stringify(settings);
    if (cached?.fingerprint === fingerprint) return cached.transport;
    const nodemailer = await loadMailer();
    if (cached?.fingerprint === fingerprint) return cached.transport;
    cached?.transport.close();
    cached = { fingerprint, transport: nodemailer.createTransport(transportOptions(settings, true)) };
    return cached.transport;
  }

  async function deliver(transport: Transporter, settings: SmtpDelivery, message: OutgoingMessage) {
    try {
      await transport.sendMail({
        from: { name: settings.fromName, address: settings.fromEmail },
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: messageId(message.key, settings.fromEmail),
      });
    } catch (error) {
      const failure = classifySmtpError(error);
      logger.warn({ err: error, to: message.to, permanent: failure.permanent }, 'email delivery failed');
      throw failure;
    }
  }

  return {
    /** The worker's email channel. */
    async send(message: OutgoingMessage): Promise<void> {
      const settings = await currentSettings();
      if (!settings) throw permanentFailure(SMTP_NOT_CONFIGURED);
      if (!settings.enabled) throw permanentFailure(SMTP_DISABLED);
      await deliver(await transportFor(settings), settings, message);
    },

    /**
     * One message on a fresh connection with the given settings (the admin's test), errors classified. Each
     * step (connect, greeting, every answer) gets `timeoutMs` at most: an admin waits for the answer.
     */
    async sendDirect(settings: SmtpDelivery, message: OutgoingMessage, timeoutMs: number): Promise<void> {
      const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
      const transport = (await loadMailer()).createTransport(transportOptions(settings, false, timeouts));
      try {
        await deliver(transport, settings, message);
      } finally {
        transport.close();
      }
    },

    /** Forget the read settings: the worker calls this at every tick, so a saved change applies at once. */
    refresh(): void {
      settingsCache = null;
    },

    close(): void {
      cached?.transport.close();
      cached = null;
    },
  };
}
