// What this build is, for version ETags: a hash of the server's sources, its migrations and its locked
// dependencies, written in by the build (scripts/build-server.mjs). Every instance of one build gives the same
// tags for the same data, so a client behind a load balancer gets its 304 from whichever instance answers; a
// new release gives new tags, so an answer whose shape changed is never taken as unchanged.
import { randomBytes } from 'node:crypto';

declare const __BUILD_ID__: string | undefined;

/** Run from source (tsx, the tests) there is no build: per process, as the source may change between runs. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : randomBytes(4).toString('hex');
