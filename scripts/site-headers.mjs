// The HTTP headers every server of the app sends (the dev server, `vite preview`, and
// `npm run preview:dist`'s static server), so each serves the site as a careful host would.
import { readFileSync } from 'node:fs';

/**
 * Largest request head (request line + headers, so the URL too) the servers accept: 1 MiB.
 * Node's default is 16 KiB, which answers a long link with HTTP 431 before the app can load;
 * the app refuses a query over 4,096 characters itself, with a message.
 */
export const MAX_REQUEST_HEADER_BYTES = 1024 * 1024;

/**
 * Who may show the app in a frame: pages of the same origin only. That lets a page served
 * beside the app embed it (`embed=1`) and keeps every other site from framing these servers.
 * A host that publishes the app for embedding in other sites (an LMS, a slide deck) allows
 * those origins itself (README, "Publish").
 */
export const FRAME_ANCESTORS = "'self'";

/** The Content-Security-Policy of an index.html's <meta> (one policy for every way it is served). */
export function metaPolicyOf(html) {
  const m = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!m?.[1]) throw new Error('index.html has no Content-Security-Policy <meta>');
  return m[1];
}

/** The policy of the index.html at `file` (a path or file: URL). */
export function metaPolicyOfFile(file) {
  return metaPolicyOf(readFileSync(file, 'utf8'));
}

/** Headers of every response: the page's policy plus what only a header can say. */
export function securityHeaders(policy) {
  return {
    // frame-ancestors works in a header only (not in a <meta>); X-Frame-Options says the same
    // for browsers that predate it.
    'Content-Security-Policy': `${policy}; frame-ancestors ${FRAME_ANCESTORS}`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'no-referrer',
  };
}
