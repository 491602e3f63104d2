// Compression of what the server writes per request: API answers (JSON, CSV, calendars) and the web app's page
// with its first screen, Brotli or gzip for clients that accept it. Answers under the threshold are sent as
// they are (compressing them saves nothing). The web app's files are compressed at build, not here; images are
// not compressible types and pass untouched.
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers smaller than this (bytes) are not compressed. */
export const COMPRESSION_THRESHOLD = 1024;

export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD });
}
