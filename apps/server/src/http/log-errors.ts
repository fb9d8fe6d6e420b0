// How errors appear in log lines. A database error carries its SQL text and bound parameters
// (password hashes, PINs, names), in fields (query, parameters, params, detail, where…) and, when
// drizzle wraps it, in the message itself ("Failed query: … params: …"); even PostgreSQL's own
// message can quote a value ('value "2147483648" is out of range'). So a database error is logged
// by its class and SQLSTATE code only, with the stack's frames; other errors keep their message.

/** Fields of database errors and their wrappers that hold SQL or values. */
const QUERY_FIELDS = new Set([
  'query',
  'parameters',
  'params',
  'args',
  'types',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'internal_query',
  'queryOptions',
]);

const MAX_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

function typeName(e: object): string {
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  const name = (e as { name?: unknown }).name;
  // PGlite's error class is minified to one letter; its name says 'error'.
  if (typeof ctor === 'string' && ctor.length > 2) return ctor;
  return typeof name === 'string' && name !== 'error' ? name : 'DatabaseError';
}

/** drizzle's DrizzleQueryError, or anything else shaped like it. */
function isQueryWrapper(e: ErrorLike): boolean {
  return (
    typeName(e) === 'DrizzleQueryError' ||
    (typeof e.message === 'string' && e.message.startsWith('Failed query:'))
  );
}

/** An error answered by PostgreSQL (postgres-js PostgresError, PGlite's DatabaseError). */
function isDatabaseError(e: ErrorLike): boolean {
  if (typeName(e) === 'PostgresError') return true;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
}

/** The stack without its first line, which repeats the message. */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n').filter((l) => /^\s+at /.test(l));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value)
  );
}

/** pino's `err` serializer: see the file's opening comment. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return err;
  if (depth > MAX_DEPTH) return { type: typeName(err) };
  if (isQueryWrapper(err)) {
    const cause = isErrorLike(err.cause) ? err.cause : undefined;
    const inner =
      cause && isDatabaseError(cause)
        ? { type: typeName(cause), code: cause.code }
        : cause
          ? (serializeError(cause, depth + 1) as Record<string, unknown>)
          : { type: 'DatabaseError' };
    return { ...inner, wrapper: typeName(err), stack: frames(err.stack) };
  }
  if (isDatabaseError(err)) {
    return { type: typeName(err), code: err.code, stack: frames(err.stack) };
  }
  const out: Record<string, unknown> = {
    type: typeName(err),
    message: err.message,
    stack: err.stack,
  };
  for (const [key, value] of Object.entries(err)) {
    if (QUERY_FIELDS.has(key) || key === 'cause' || key in out) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  if (Array.isArray(err.errors)) out.errors = err.errors.map((e) => serializeError(e, depth + 1));
  return out;
}

/** A one-line description of an error that is safe to print or log as a message. */
export function describeError(err: unknown): string {
  if (!isErrorLike(err)) return String(err);
  const s = serializeError(err) as { type?: string; code?: unknown; message?: string };
  return s.message ?? `${s.type}${s.code ? ` ${String(s.code)}` : ''}`;
}

/**
 * pino's logMethod hook: `log.error(err)` makes the error's message the line's message, which
 * the serializer cannot reach; give it the safe description instead.
 */
export function logMethodHook(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first, ...rest] = args;
  if (isErrorLike(first) && first instanceof Error) {
    const message = typeof rest[0] === 'string' ? rest.shift() : describeError(first);
    method.apply(this, [{ err: first }, message, ...rest]);
    return;
  }
  method.apply(this, args);
}
