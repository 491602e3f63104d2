// A real SMTP server on 127.0.0.1 (smtp-server) that captures every message, with a small MIME reader so
// tests can assert what a recipient would read. It can be stopped and restarted on the same port.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  messages: CapturedMail[];
  /** Answers RCPT TO for these addresses with a permanent 550. */
  rejectRecipients: Set<string>;
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  restart(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /**
   * While on, each message's final answer (250) is withheld: the message is not accepted yet. Turned off, the
   * withheld ones are accepted; a client that disconnected meanwhile never had its message accepted (SMTP).
   */
  holdReplies(on: boolean): void;
  /** Messages waiting for their answer while replies are held. */
  heldCount(): number;
}

/** RFC 2047: the white space between two adjacent encoded words (a folded subject) is not part of the text. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const index = line.indexOf(':');
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function split(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0
    ? { headers: parseHeaders(raw), body: '' }
    : { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + 4) };
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(split(chunk.replace(/^\r\n/, ''))));
}

export function parseMail(raw: string, envelopeFrom = '', envelopeTo: string[] = []): CapturedMail {
  const root = split(raw);
  let text = '';
  let html: string | null = null;
  for (const leaf of leaves(root)) {
    const type = leaf.headers['content-type'] ?? 'text/plain';
    const decoded = decodeBody(leaf.body, leaf.headers['content-transfer-encoding']).replace(/\r\n$/, '');
    if (/text\/html/i.test(type)) html = decoded;
    else if (/text\/plain/i.test(type) && !text) text = decoded;
  }
  return {
    envelopeFrom,
    envelopeTo,
    headers: root.headers,
    subject: decodeWords(root.headers.subject ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    html: html?.replace(/\r\n/g, '\n') ?? null,
    raw,
  };
}

export interface SmtpServerOptions {
  /** Answers every AUTH with 535 (bad credentials), as a real server does for a wrong password. */
  rejectAuth?: boolean;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const rejectRecipients = new Set<string>();
  let holding = false;
  let held: Array<{ sessionId: string; accept: () => void }> = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Idle pooled client connections must not hold a stop() for the default 30 s.
      closeTimeout: 100,
      size: 10 * 1024 * 1024,
      onAuth: (_auth, _session, callback) => {
        if (!options.rejectAuth) return callback(null, { user: 'test' });
        const error = new Error('Authentication credentials invalid') as Error & { responseCode: number };
        error.responseCode = 535;
        callback(error);
      },
      onRcptTo: (address, _session, callback) => {
        if (rejectRecipients.has(address.address.toLowerCase())) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const accept = () => {
            messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
            callback();
          };
          if (holding) held.push({ sessionId: session.id, accept });
          else accept();
        });
      },
      onClose: (session) => {
        held = held.filter((message) => message.sessionId !== session.id);
      },
    });

  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      // Without this, Nagle's algorithm meets delayed ACKs and every message waits ~40 ms (real MTAs set it).
      server.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let running = true;

  return {
    port,
    messages,
    rejectRecipients,
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      if (running) return;
      server = create();
      await listen(port);
      running = true;
    },
    holdReplies(on) {
      holding = on;
      if (on) return;
      const waiting = held;
      held = [];
      for (const message of waiting) message.accept();
    },
    heldCount: () => held.length,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`SMTP got ${messages.length} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
  };
}

/** The admin's SMTP form (POST /api/smtp-settings) pointing at a local test server on `port`. */
export const localSmtpSettings = (port: number, enabled = true) => ({
  host: '127.0.0.1',
  port,
  secure: false,
  auth_user: 'mailer',
  auth_pass: 'secret-pass',
  from_email: 'events@example.org',
  from_name: 'Community Events',
  enabled,
});
