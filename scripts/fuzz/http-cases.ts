// HTTP cases: a route's params, query and body generated from its schemas, sent as one of the
// four callers with a chosen content type, sometimes oversized or in a burst, and checked.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Finding, httpProblem } from './checks';
import type { Identities, Who } from './identities';
import type { Rng } from './random';
import type { RouteInfo } from './server';
import { generate, hostileString, type Known, toJsonText } from './values';

export interface HttpCase {
  kind: 'http';
  who: Who;
  /** how the caller authenticates: its own token, none, or something that is no token */
  auth: 'token' | 'none' | 'garbage';
  method: string;
  url: string;
  contentType: string | null;
  body: string | null;
  remoteAddress: string;
  /** copies sent at once */
  burst: number;
}

const contentTypes = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/jsonx',
];

const garbageAuth = [
  'Bearer',
  'Bearer ',
  'Basic ZGVtbzpkZW1vMTIzNA==',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.e30.',
];

/** A path or query value as text: the value's digits or words, or something else entirely. */
function asText(value: unknown, rng: Rng): string {
  if (rng.chance(0.05)) return rng.pick(['%', '%ZZ', '%00', '%C0%AF', '%E2%80%AE', '%2F..%2F']);
  return encodeText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** Percent-encoded; a lone surrogate (no UTF-8 of its own) as the bytes it would be, not UTF-8. */
function encodeText(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function schemaPart(
  route: RouteInfo,
  part: 'params' | 'querystring' | 'body',
): z.ZodType | undefined {
  return (route.schema as Record<string, z.ZodType> | undefined)?.[part];
}

function buildUrl(route: RouteInfo, rng: Rng, mutation: number, known: Known): string {
  const opts = { mutation, known };
  const paramSchema = schemaPart(route, 'params');
  const params = (paramSchema ? generate(paramSchema, rng, opts) : {}) as Record<string, unknown>;
  let path = route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params && typeof params === 'object' ? params[name] : undefined;
    if (v === undefined) return rng.chance(0.5) ? '' : asText(hostileString(rng), rng);
    // Ids that exist, so the handler runs (a session of the player, a machine on the floor).
    if (rng.chance(0.3)) return String(rng.between(1, 20));
    return asText(v, rng);
  });
  const querySchema = schemaPart(route, 'querystring');
  const query = (querySchema ? generate(querySchema, rng, opts) : {}) as Record<string, unknown>;
  const pairs: string[] = [];
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [k, v] of Object.entries(query)) pairs.push(`${encodeText(k)}=${asText(v, rng)}`);
  } else {
    pairs.push(`q=${asText(query, rng)}`);
  }
  if (rng.chance(0.1))
    pairs.push(`${asText(hostileString(rng), rng)}=${asText(hostileString(rng), rng)}`);
  if (rng.chance(0.05)) pairs.push('page=1&page=2');
  if (pairs.length > 0) path += `?${pairs.join('&')}`;
  return path;
}

function buildBody(route: RouteInfo, rng: Rng, mutation: number, known: Known): string | null {
  const bodySchema = schemaPart(route, 'body');
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  if (!hasBody && !rng.chance(0.05)) return null;
  if (rng.chance(0.05)) return 'x'.repeat(rng.pick([64 * 1024 + 1, 300_000])); // over the limit
  if (rng.chance(0.05))
    return rng.pick([
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '1e309',
      '\u0000',
      '{"__proto__":{"role":"admin"}}',
    ]);
  const value = bodySchema ? generate(bodySchema, rng, { mutation, known }) : {};
  return toJsonText(value);
}

export function buildHttpCase(route: RouteInfo, rng: Rng, known: Known): HttpCase {
  const mutation = rng.pick([0, 0, 0.05, 0.15, 0.4, 0.8]);
  const who = rng.pick<Who>(['guest', 'player', 'other', 'staff']);
  const stray = rng.chance(0.03);
  return {
    kind: 'http',
    who,
    auth: who === 'guest' ? rng.pick(['none', 'garbage']) : rng.chance(0.05) ? 'garbage' : 'token',
    // A method the route does not have, now and then: the router's refusal must be in shape too.
    method: stray ? rng.pick(['DELETE', 'PATCH', 'OPTIONS', 'PUT', 'POST']) : route.method,
    url: buildUrl(route, rng, mutation, { ...known, token: null }),
    contentType: rng.chance(0.1) ? null : rng.pick(contentTypes),
    body: buildBody(route, rng, mutation, known),
    remoteAddress: rng.pick(['127.0.0.1', '127.0.0.2', '::1', '10.1.2.3']),
    burst: rng.chance(0.05) ? rng.between(5, 30) : 1,
  };
}

export function describeHttpCase(c: HttpCase): string {
  const body =
    c.body === null
      ? ''
      : ` body ${c.body.length > 300 ? `${c.body.slice(0, 300)}… (${c.body.length} chars)` : c.body}`;
  return `${c.method} ${c.url.slice(0, 300)} as ${c.who} (${c.auth}) from ${c.remoteAddress}, content-type ${c.contentType}${body}${c.burst > 1 ? `, ×${c.burst} at once` : ''}`;
}

export async function runHttpCase(
  app: FastifyInstance,
  c: HttpCase,
  identities: Identities,
  report: (f: Omit<Finding, 'index'>) => void,
): Promise<void> {
  const headers: Record<string, string> = {};
  if (c.contentType) headers['content-type'] = c.contentType;
  if (c.auth === 'token' && c.who !== 'guest')
    headers.authorization = `Bearer ${await identities.token(c.who)}`;
  // Which garbage follows from the case itself, so a replay sends the same.
  if (c.auth === 'garbage') headers.authorization = garbageAuth[c.url.length % garbageAuth.length]!;
  const send = async () => {
    const res = await app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers,
      remoteAddress: c.remoteAddress,
      ...(c.body === null ? {} : { payload: c.body }),
    });
    const problem = httpProblem(c.method, res.statusCode, res.body);
    if (problem) report(problem);
  };
  await Promise.all(Array.from({ length: c.burst }, send));
}
