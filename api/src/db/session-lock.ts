// A PostgreSQL session-level advisory lock on a connection of its own: how several instances agree that exactly
// one of them does something (polls the bot's updates). The lock lives as long as the connection: when the
// holder's process dies, PostgreSQL ends its session and the lock is free for the next one to take.
import pg from 'pg';

const CONNECT_TIMEOUT_MS = 5000;

export interface SessionLock {
  /** Takes the lock if it is free (true: this process holds it); a held lock is checked to be still alive. */
  tryTake(): Promise<boolean>;
  /** Whether this process holds it (as far as it knows: a dead connection is found by tryTake or `lost`). */
  readonly held: boolean;
  /** Called when a lock this process held is lost with its connection (a database restart, a network cut). */
  onLost(listener: () => void): void;
  /** Gives the lock back and closes the connection. */
  release(): Promise<void>;
}

export function openSessionLock(url: string, name: string): SessionLock {
  let client: pg.Client | null = null;
  let held = false;
  const listeners: Array<() => void> = [];

  /** Forgets the connection; a lock held on it is gone with it. */
  function drop(dead: pg.Client) {
    if (client !== dead) return;
    client = null;
    dead.end().catch(() => {});
    if (held) {
      held = false;
      for (const listener of listeners) listener();
    }
  }

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const fresh = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection that dies (its server restarted) reports here; without a listener pg would end the process.
    fresh.on('error', () => drop(fresh));
    fresh.on('end', () => drop(fresh));
    await fresh.connect();
    client = fresh;
    return fresh;
  }

  return {
    get held() {
      return held;
    },
    async tryTake() {
      const current = await connection();
      try {
        if (held) {
          // Still ours while the session lives: a round trip proves it does.
          await current.query('SELECT 1');
          return true;
        }
        const { rows } = await current.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)::bigint) AS taken',
          [name],
        );
        held = rows[0]?.taken === true;
        return held;
      } catch (error) {
        drop(current);
        throw error;
      }
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async release() {
      const current = client;
      client = null;
      held = false;
      // Closing the session frees its advisory locks.
      await current?.end().catch(() => {});
    },
  };
}
