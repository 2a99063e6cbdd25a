import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './pwa.config.ts';
import {
  MAX_REQUEST_HEADER_BYTES,
  metaPolicyOfFile,
  securityHeaders,
} from './scripts/site-headers.mjs';

/** The Content-Security-Policy of index.html's <meta> (one policy for every way it is served). */
function metaPolicy(): string {
  return metaPolicyOfFile(new URL('./index.html', import.meta.url));
}

/** Add sources to one directive of a policy. */
function withSources(policy: string, directive: string, sources: string): string {
  return policy.replace(new RegExp(`(^|;\\s*)(${directive}\\s[^;]*)`), `$1$2 ${sources}`);
}

/**
 * The dev server's page needs what the build's does not: the React Fast Refresh preamble is an
 * inline script and Vite injects CSS as <style> elements. They carry a nonce made once per dev
 * server start (html.cspNonce), added to the policy here — never 'unsafe-inline'. The build and
 * the preview server use index.html's policy as it is.
 */
function devPolicy(nonce: string): string {
  let p = metaPolicy();
  p = withSources(p, 'script-src', `'nonce-${nonce}'`);
  p = withSources(p, 'style-src', `'nonce-${nonce}'`);
  return p;
}

/** Raise Node's request header limit on the dev and preview servers (site-headers.mjs). */
function headerLimit(): Plugin {
  // Node reads http.Server#maxHeaderSize for each new connection (its typings omit it).
  const raise = (server: Server | null | undefined) => {
    if (server)
      (server as Server & { maxHeaderSize?: number }).maxHeaderSize = MAX_REQUEST_HEADER_BYTES;
  };
  return {
    name: 'ackclock:request-header-limit',
    configureServer(server) {
      raise(server.httpServer as Server | null);
    },
    configurePreviewServer(server) {
      raise(server.httpServer as Server | null);
    },
  };
}

/** In dev, index.html's <meta> policy gets the dev nonce too (both policies apply). */
function devMetaPolicy(nonce: string): Plugin {
  return {
    name: 'ackclock:dev-csp-meta',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          /(http-equiv="Content-Security-Policy"\s+content=")([^"]+)(")/,
          (_m, a: string, _p: string, c: string) => `${a}${devPolicy(nonce)}${c}`,
        ),
    },
  };
}

export default defineConfig(({ command }) => {
  const devNonce = command === 'serve' ? randomBytes(18).toString('base64') : '';
  return {
    plugins: [
      react(),
      headerLimit(),
      ...(command === 'serve' ? [devMetaPolicy(devNonce)] : [pwa()]),
    ],
    // Relative URLs for every asset, the worker and the favicon: the built site runs from any
    // static host at any path (`https://host/ackclock/`), not only at a host's root.
    base: './',
    worker: { format: 'es' },
    html: command === 'serve' ? { cspNonce: devNonce } : undefined,
    server: {
      host: '127.0.0.1',
      port: 5173,
      headers: command === 'serve' ? securityHeaders(devPolicy(devNonce)) : undefined,
    },
    preview: { host: '127.0.0.1', port: 4173, headers: securityHeaders(metaPolicy()) },
  };
});
