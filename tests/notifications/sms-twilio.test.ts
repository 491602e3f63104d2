// The Twilio adapter speaks Twilio's Messages API to a local stand-in for api.twilio.com.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { createLogger } from '../../api/src/logger';
import type { DeliveryError, OutgoingMessage } from '../../api/src/modules/notifications/delivery';
import { createSmsSender } from '../../api/src/modules/notifications/sms-sender';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

describe('SMS through Twilio', () => {
  const received: Received[] = [];
  let answer = { status: 201, body: '{"sid":"SM1","status":"queued"}' };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      url: req.url ?? '',
      headers: req.headers,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  let root = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    answer = { status: 201, body: '{"sid":"SM1","status":"queued"}' };
  });

  const sender = () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_API_ROOT: root,
      SMS_FROM: '+15550009999',
    });
    return createSmsSender(config.sms, createLogger('silent'));
  };
  const message: OutgoingMessage = {
    key: 'k1',
    to: '+15550001111',
    subject: null,
    text: 'Campfire Night is on Friday',
    html: null,
    payload: null,
  };

  it('When an SMS is sent, then Twilio gets To, From and Body with the account as basic auth', async () => {
    await sender()(message);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(received[0]!.form).toEqual({
      To: '+15550001111',
      From: '+15550009999',
      Body: 'Campfire Night is on Friday',
    });
  });

  it('When Twilio refuses the number, then the failure is permanent with its reason', async () => {
    answer = { status: 400, body: '{"code":21211,"message":"Invalid To Phone Number"}' };
    const error = (await sender()(message).catch((caught: unknown) => caught)) as DeliveryError;
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('Invalid To Phone Number');
  });

  it('When Twilio is rate limiting, then the failure is temporary (retried later)', async () => {
    answer = { status: 429, body: '{"code":20429,"message":"Too Many Requests"}' };
    const error = (await sender()(message).catch((caught: unknown) => caught)) as DeliveryError;
    expect(error.permanent).toBe(false);
  });

  it('When Twilio is chosen without its credentials, then configuration names what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});
