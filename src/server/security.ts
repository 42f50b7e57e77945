// Security headers on every response (helmet): a Content-Security-Policy that lets the
// admin run only our own scripts and talk only to this server (and to Cognito when it signs in),
// no framing by other sites, nosniff, no referrer. The API docs (/docs, swagger-ui) live under the
// same policy: they load only their own files. A route may set its own, stricter policy with
// reply.header() (file downloads do): the headers are the reply's from onRequest on, and a later
// reply.header() of the same name replaces them. Their values are fixed (no directive depends on the
// request), so helmet runs once at start and each request only copies them: @fastify/helmet rebuilt
// helmet's middleware, parsing the policy again, on every request (a sixth of the link redirect's
// time), and set them on the raw response, which sent every response's own headers through Node's
// slow path; its reply.helmet() and per-route `helmet` option, which nothing here used, are gone.
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from './config.js';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type Middleware = (req: unknown, res: { setHeader(name: string, value: string): void; removeHeader(name: string): void }, next: (error?: unknown) => void) => void;
/** helmet itself, the library @fastify/helmet wraps (its own dependency). */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (options: HelmetOptions) => Middleware;

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The CSP directives of the product (useDefaults off: exactly these). */
export function contentSecurityPolicy(config: Partial<Config>): Record<string, string[]> {
  const connect = new Set(["'self'"]);
  // CSP Level 3 browsers let 'self' cover ws(s): of the same host; older ones need it named.
  const publicOrigin = config.publicUrl ? origin(config.publicUrl) : null;
  if (publicOrigin) connect.add(publicOrigin.replace(/^http/, 'ws'));
  // aws-amplify calls the user pool from the browser: its region comes from the pool id.
  if (config.cognito) {
    for (const region of new Set([config.cognito.region, config.cognito.userPoolId.split('_')[0]])) {
      if (/^[a-z0-9-]+$/.test(region)) connect.add(`https://cognito-idp.${region}.amazonaws.com`);
    }
    const endpoint = config.cognito.endpoint ? origin(config.cognito.endpoint) : null;
    if (endpoint) connect.add(endpoint);
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion) writes its styles into <style> elements at run time, and swagger-ui and the
    // editor set style attributes: styles cannot go without 'unsafe-inline' (scripts can).
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for MUI's and swagger-ui's inline SVGs and the TOTP QR code, blob: for files fetched with the token.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The helmet options of the product. */
function helmetOptions(config: Partial<Config>): HelmetOptions {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Would refuse every cross-origin resource without CORP/CORS headers, for no gain here.
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only when the product is reached over HTTPS (PUBLIC_URL): a browser that saw it would refuse
    // plain http on that host for half a year; other hosts of the domain are left alone.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/** The headers helmet sets on a response with the product's options (names in lower case, in its order; computed once). */
export function securityHeaderValues(config: Partial<Config>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  helmet(helmetOptions(config))({}, recorder, (error) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeaders = fp<{ config: Partial<Config> }>(
  async (app, { config }) => {
    const headers = securityHeaderValues(config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'intranet-security-headers' },
);
