// Three real server processes (the built tree, as production runs it) on one PostgreSQL, without PUBLIC_URL: the
// bot's updates are long-polled, and Telegram answers a second poller 409 Conflict. Exactly one process polls
// (the holder of the advisory lock); when it is killed with SIGKILL another takes over and answers within 30 s.
// Each process is given its own path on the fake Bot API, so the fake tells which one called.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_TEXT } from '../../bot/src/features/welcome';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { commandUpdate, FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import { TEST_BOT_TOKEN, TEST_SECRETS_KEY } from '../support/test-app';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const URL_LINE = /running at (http:\/\/[^\s]+)/;
const INSTANCES = ['one', 'two', 'three'];

interface Server {
  name: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

describe.skipIf(!TEST_DATABASE_URL)('one bot poller among three instances on postgres', () => {
  let database: TestDatabase;
  let botApi: FakeBotApi;
  const servers: Server[] = [];

  /** The built server on the shared database, talking to the fake Bot API under its own path. */
  function startServer(name: string): Promise<Server> {
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: ROOT,
      env: productEnv({
        DATABASE_URL: url,
        DEMO_MODE: 'off',
        SECRETS_KEY: TEST_SECRETS_KEY,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_POOL_SIZE: '2',
        NOTIFICATIONS_WORKER_ENABLED: 'false',
        BACKUP_ENABLED: 'false',
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
        TELEGRAM_BOT_ENABLED: 'true',
        TELEGRAM_API_ROOT: `${botApi.apiRoot}/${name}`,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    return new Promise((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (URL_LINE.test(output)) resolve({ name, child, exited });
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      void exited.then(() => reject(new Error(`server ${name} exited before serving:\n${output}`)));
    });
  }

  /** Which instances called getUpdates since the call at `from`. */
  const pollersSince = (from: number) =>
    new Set(
      botApi.calls
        .slice(from)
        .filter((call) => call.method === 'getUpdates')
        .map((call) => call.via),
    );

  /** Waits until some instance has called getUpdates since the call at `from`. */
  async function waitForPoll(from: number) {
    const deadline = Date.now() + 10_000;
    while (pollersSince(from).size === 0) {
      if (Date.now() > deadline) throw new Error('nobody polled within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends /start from a new person and waits for the welcome; answers who answered it. */
  async function answeredBy(personId: number, timeoutMs: number): Promise<string | undefined> {
    botApi.queueUpdate(commandUpdate({ id: personId, first_name: 'Leader' }, '/start'));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = botApi.callsOf('sendMessage').find((call) => call.params.chat_id === personId);
      if (reply) {
        expect(reply.params.text).toBe(WELCOME_TEXT);
        return reply.via;
      }
      if (Date.now() > deadline) throw new Error(`nobody answered ${personId} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    botApi = await startFakeBotApi();
    for (const name of INSTANCES) servers.push(await startServer(name));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await botApi?.stop();
    await database?.drop();
  });

  it('When three instances run without a public URL, then exactly one polls and a SIGKILLed leader is replaced within 30 s', async () => {
    const leaderName = await answeredBy(4_100_001, 30_000);
    expect(INSTANCES).toContain(leaderName);
    // The others had time to try (they retry every 10 s, and all started before the first answer).
    const watchFrom = botApi.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await answeredBy(4_100_002, 10_000)).toBe(leaderName);
    // The leader's call that carried this update began before the watch; its next one follows the reply.
    await waitForPoll(watchFrom);
    expect([...pollersSince(0)]).toEqual([leaderName]);
    expect([...pollersSince(watchFrom)]).toEqual([leaderName]);
    expect(botApi.conflicts).toEqual([]);

    const leader = servers.find((server) => server.name === leaderName)!;
    leader.child.kill('SIGKILL');
    await leader.exited;
    const afterKill = botApi.calls.length;

    const successor = await answeredBy(4_100_003, 30_000);
    expect(successor).not.toBe(leaderName);
    expect(INSTANCES).toContain(successor);
    expect([...pollersSince(afterKill)]).toEqual([successor]);
    // The update the dead leader never saw is answered once, by the successor.
    expect(botApi.callsOf('sendMessage').filter((call) => call.params.chat_id === 4_100_003)).toHaveLength(1);
  }, 90_000);
});
