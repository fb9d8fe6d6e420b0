// Who may call a route, as the API document tells it (plugins/external/openapi.ts). The hooks that
// check the token and the role carry a mark, so the document is read off the hooks a route really
// runs rather than written a second time beside them; the OpenAPI test calls every route to hold
// the document to what they do.
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';

/** A bearer token is needed; `roles`, when set, are the only roles let in. */
export interface RouteAccess {
  roles: readonly string[] | null;
}

const ACCESS = Symbol('route access');
type Marked = { [ACCESS]?: RouteAccess };

/** The hook, marked as one that lets in only callers with this access. */
export function markAccess<H extends object>(hook: H, access: RouteAccess): H {
  (hook as Marked)[ACCESS] = access;
  return hook;
}

/**
 * The access the hooks ask for together, or null when none checks anything: a caller must pass
 * each role check, so the roles let in are those every one of them lets in.
 */
function accessOfHooks(hooks: readonly unknown[]): RouteAccess | null {
  const marks = hooks.flatMap((h) =>
    (h as Marked | null)?.[ACCESS] ? [(h as Marked)[ACCESS]!] : [],
  );
  if (marks.length === 0) return null;
  const checks = marks.flatMap((m) => (m.roles ? [m.roles] : []));
  if (checks.length === 0) return { roles: null };
  return { roles: checks.reduce((a, b) => a.filter((role) => b.includes(role))) };
}

// Scope hooks are not on the route's options: fastify adds them when the route is built.
const scopeHooks = new WeakMap<RouteOptions, unknown[]>();

/**
 * Runs the hooks on the request of every route of this scope, before the body is parsed (a
 * stranger gets 401, never a 400 about the input), and tells the document so.
 */
export function guardScope(app: FastifyInstance, ...hooks: onRequestHookHandler[]): void {
  for (const hook of hooks) app.addHook('onRequest', hook);
  app.addHook('onRoute', (route) => {
    scopeHooks.set(route, [...(scopeHooks.get(route) ?? []), ...hooks]);
  });
}

/** What the route asks of its caller, by its scopes' guards and its own hooks; null: anyone. */
export function routeAccess(route: RouteOptions): RouteAccess | null {
  const own = [route.onRequest, route.preValidation, route.preHandler].flat();
  return accessOfHooks([...(scopeHooks.get(route) ?? []), ...own]);
}
