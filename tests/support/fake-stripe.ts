// A local stand-in for Stripe's API (the `stripe` package's host/port/protocol point here): the Checkout Session
// and Refund calls the app makes, answered with Stripe's object and error shapes, and webhooks signed the way
// Stripe signs them. It records every call as the package sent it (form fields, parsed with qs as Stripe reads
// them), so a test can see exactly what would have gone to Stripe. Nothing leaves the machine.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'qs';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_stripe_key';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stripe_endpoint_secret';

export interface FakeStripeCall {
  method: string;
  path: string;
  /** The form body (POST) or query (GET) as Stripe parses it: nested objects and arrays of strings. */
  params: Record<string, any>;
  idempotencyKey?: string;
}

interface PaymentIntent {
  id: string;
  charge: string;
  amount: number;
  currency: string;
  refunded: number;
}

export interface SignOptions {
  /** Default: the fake's webhook secret. */
  secret?: string;
  /** Unix seconds; default the real now. */
  timestamp?: number;
}

export interface SendOptions extends SignOptions {
  /** Changes the body after it was signed (a tampered delivery). */
  tamper?: (payload: string) => string;
  /** false: no Stripe-Signature header at all. */
  signed?: boolean;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the app. A session's `url` (GET /pay/{id}) is a small page a browser can open. */
  url: string;
  calls: FakeStripeCall[];
  /** The Checkout Sessions made, by id (Stripe's object shape). */
  sessions: Map<string, Record<string, any>>;
  /**
   * Pays a session: complete and paid, with a new payment intent. `{ delayed: true }`: complete but still unpaid,
   * as with a bank debit, until `settle` says how it ended.
   */
  complete(sessionId: string, options?: { delayed?: boolean }): Record<string, any>;
  /** A delayed payment ended: paid (async_payment_succeeded) or not (async_payment_failed). */
  settle(sessionId: string, succeeded: boolean): Record<string, any>;
  /** Lets an open session run out (what Stripe does at expires_at). */
  expire(sessionId: string): Record<string, any>;
  /** The charge of a paid session's payment intent, with what was refunded of it (a charge.refunded object). */
  chargeOf(paymentIntentId: string): Record<string, any>;
  /** An event as Stripe delivers it, with a fresh evt_ id. */
  eventFor(type: string, object: Record<string, any>): Record<string, any>;
  /** The Stripe-Signature header Stripe would send with this payload. */
  signatureFor(payload: string, options?: SignOptions): string;
  /** POSTs the event to the app's webhook as Stripe does; the app's status and body. */
  sendWebhook(
    url: string,
    event: Record<string, any>,
    options?: SendOptions,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; type: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}, status = 400) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param?: string, status = 400) =>
  invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, status);

/** A whole number as Stripe takes it in a form field ("1500"; "12.5" or "1e3" are refused). */
function integer(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw invalid(`Invalid integer: ${String(value)}`, { param });
  return Number(value);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(options: { now?: () => number } = {}): Promise<FakeStripe> {
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const calls: FakeStripeCall[] = [];
  const sessions = new Map<string, Record<string, any>>();
  const intents = new Map<string, PaymentIntent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let base = '';

  function createSession(params: Record<string, any>) {
    if (params.mode !== 'payment') throw invalid('Only mode=payment is faked', { param: 'mode' });
    const items: Record<string, any>[] = Array.isArray(params.line_items) ? params.line_items : [];
    if (!items.length) throw invalid('Missing required param: line_items.', { code: 'parameter_missing' });
    const currency = String(items[0]?.price_data?.currency ?? '');
    let total = 0;
    items.forEach((item, index) => {
      const at = `line_items[${index}]`;
      if (item.price_data?.currency !== currency) throw invalid('All line items need one currency', { param: at });
      if (!item.price_data?.product_data?.name) throw invalid('Missing product name', { param: at });
      total += integer(item.price_data.unit_amount, `${at}[price_data][unit_amount]`) * integer(item.quantity, at);
    });
    if (!params.success_url) throw invalid('Missing required param: success_url.', { code: 'parameter_missing' });
    const created = nowSeconds();
    const expiresAt = params.expires_at === undefined ? created + 86_400 : integer(params.expires_at, 'expires_at');
    if (expiresAt < created + 1800 || expiresAt > created + 86_400)
      throw invalid('expires_at must be 30 minutes to 24 hours after creation', { param: 'expires_at' });
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      amount_subtotal: total,
      amount_total: total,
      currency,
      metadata: params.metadata ?? {},
      client_reference_id: params.client_reference_id ?? null,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${base}/pay/${id}`,
      created,
      expires_at: expiresAt,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  function sessionOf(id: string, status = 404) {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id, undefined, status);
    return session;
  }

  function refund(params: Record<string, any>) {
    if (!params.payment_intent)
      throw invalid('Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = intents.get(String(params.payment_intent));
    if (!intent) throw missing('payment_intent', String(params.payment_intent), 'payment_intent');
    const left = intent.amount - intent.refunded;
    if (left === 0)
      throw invalid(`Charge ${intent.charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? left : integer(params.amount, 'amount');
    if (amount > left)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    intent.refunded += amount;
    return {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.charge,
      reason: params.reason ?? null,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: params.metadata ?? {},
    };
  }

  function route(method: string, path: string, params: Record<string, any>): unknown {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (session && method === 'GET' && !session[2]) return sessionOf(session[1]!);
    if (session && method === 'POST' && session[2]) {
      const found = sessionOf(session[1]!);
      if (found.status !== 'open')
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, { param: 'session' });
      return Object.assign(found, { status: 'expired' });
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const [path = '', query = ''] = (req.url ?? '').split('?');
      const method = req.method ?? 'GET';
      const params = parse(method === 'GET' ? query : raw, { depth: 10, arrayLimit: 100 }) as Record<string, any>;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      // Stripe's hosted payment page, as a browser opens a session's url: the test then pays or cancels it.
      const page = method === 'GET' ? /^\/pay\/([^/]+)$/.exec(path) : null;
      if (page) {
        const shown = sessions.get(page[1]!);
        res.writeHead(shown ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          shown
            ? `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><h1>Pay ${shown.amount_total} ${shown.currency}</h1></html>`
            : '<!doctype html><title>No such session</title>',
        );
        return;
      }
      calls.push({ method, path, params, idempotencyKey });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(body));
      };
      const replyKey = idempotencyKey && `${method} ${path} ${idempotencyKey}`;
      const earlier = replyKey ? replies.get(replyKey) : undefined;
      if (earlier) return send(earlier.status, earlier.body);
      let reply: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        reply = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_***' } },
        };
      } else {
        try {
          reply = { status: 200, body: route(method, path, params) };
        } catch (error) {
          if (!(error instanceof StripeFailure)) throw error;
          reply = { status: error.status, body: { error: error.body } };
        }
      }
      if (replyKey) replies.set(replyKey, reply);
      send(reply.status, reply.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signatureFor = (payload: string, { secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp }: SignOptions = {}) => {
    // The app checks the age against its real clock, whatever the fake's clock for sessions says.
    const t = timestamp ?? Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };

  return {
    url: base,
    calls,
    sessions,
    complete(sessionId, { delayed = false } = {}) {
      const session = sessionOf(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}, not open`);
      const intent: PaymentIntent = {
        id: newId('pi'),
        charge: newId('ch'),
        amount: session.amount_total,
        currency: session.currency,
        refunded: 0,
      };
      intents.set(intent.id, intent);
      const paymentStatus = delayed ? 'unpaid' : 'paid';
      return Object.assign(session, { status: 'complete', payment_status: paymentStatus, payment_intent: intent.id });
    },
    settle(sessionId, succeeded) {
      const session = sessionOf(sessionId);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
        throw new Error(`session ${sessionId} has no delayed payment under way`);
      }
      return Object.assign(session, { payment_status: succeeded ? 'paid' : 'unpaid' });
    },
    expire(sessionId) {
      const session = sessionOf(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}, not open`);
      return Object.assign(session, { status: 'expired' });
    },
    chargeOf(paymentIntentId) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      return {
        id: intent.charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.refunded,
        currency: intent.currency,
        payment_intent: intent.id,
        paid: true,
        refunded: intent.refunded === intent.amount,
        status: 'succeeded',
      };
    },
    eventFor(type, object) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    signatureFor,
    async sendWebhook(url, event, { tamper, signed = true, ...sign } = {}) {
      const payload = JSON.stringify(event, null, 2);
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (signed) headers['stripe-signature'] = signatureFor(payload, sign);
      const response = await fetch(url, { method: 'POST', headers, body: tamper ? tamper(payload) : payload });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The package keeps its connections alive; none of them has anything left to say.
        server.closeAllConnections();
      }),
  };
}
