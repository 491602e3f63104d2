// The test suite's own configuration (the only place tests read the environment).
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = process.env.TEST_ARTIFACTS_DIR || 'test-artifacts';
