// The test suite's own configuration (the only place tests read the environment).
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = process.env.TEST_ARTIFACTS_DIR || 'test-artifacts';
/**
 * This run's id, in the name of every database it makes on TEST_DATABASE_URL's server, so that it drops its own
 * and no one else's. The global setup sets it before the workers start; a process started alone makes its own.
 */
export const TEST_RUN_ID = process.env.TEST_RUN_ID || undefined;
/** Hands this run's id to the test workers, which start after the global setup and inherit its environment. */
export function handRunIdToWorkers(id: string): void {
  process.env.TEST_RUN_ID = id;
}
