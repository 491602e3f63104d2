// Compression of API answers: JSON (and CSV, calendars) for clients that accept it, Brotli or gzip.
// Answers under the threshold are sent as they are (compressing them saves nothing). Only /api: the web app's
// files are compressed at build. Images are not compressible types and pass untouched.
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers smaller than this (bytes) are not compressed. */
export const API_COMPRESSION_THRESHOLD = 1024;

export function apiCompression(): RequestHandler {
  return compression({ threshold: API_COMPRESSION_THRESHOLD });
}
