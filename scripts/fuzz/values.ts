// Values from a zod v4 schema, walked through its definition: valid-ish ones (within the bounds,
// biased to the few ids and keys that exist, so requests reach the handlers) and, at a chosen
// rate, hostile ones in their place: wrong types, boundary numbers, long strings, control
// characters, mixed scripts, missing and extra fields.
import type { z } from 'zod';
import type { Rng } from './random';

/** What a case knows about the floor, so valid-ish values name things that exist. */
export interface Known {
  token: string | null;
  machineIds: number[];
  sessionIds: number[];
  playerIds: number[];
  usernames: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked by their tag
type Def = any;

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

export const boundaryNumbers = [
  0,
  -0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  0.5,
  0.01,
  0.001,
  1.005,
  99.999,
  1e-9,
  1e308,
  5e-324,
];

const scripts = [
  'аdmin', // Cyrillic а
  'démo',
  'مرحبا',
  'שלום',
  '漢字テスト',
  '👨‍👩‍👧‍👦🎰',
  'e\u0301\u0301\u0301',
  '\u202eevil\u202c',
  'zero\u200bwidth',
  '\ufeffbom',
  '\ud800', // a lone surrogate
  '\uffff',
];

const tricks = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '"; drop table players; --',
  '../../../../etc/passwd',
  '%00',
  '%ZZ',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
];

/** A string no route should take as it is. */
export function hostileString(rng: Rng): string {
  switch (rng.int(6)) {
    case 0: {
      // Long: past every bound, and sometimes past the body limit.
      const n = rng.pick([257, 1_001, 4_097, 10_000, 70_000, 300_000]);
      return rng.pick(['a', 'é', '漢', '\u0000', '🎰']).repeat(n).slice(0, n);
    }
    case 1:
      return `x${String.fromCharCode(rng.pick([0, 1, 7, 8, 9, 10, 13, 27, 31, 127, 0x85]))}y`;
    case 2:
      return rng.pick(scripts);
    case 3:
      return rng.pick(tricks);
    case 4:
      return String(rng.pick(boundaryNumbers));
    default:
      return rng.pick(scripts) + String.fromCharCode(rng.int(32)) + rng.pick(tricks);
  }
}

/** Any value at all, mostly of the kinds a schema refuses. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 6 : 9)) {
    case 0:
    case 1:
      return rng.pick(boundaryNumbers);
    case 2:
    case 3:
      return hostileString(rng);
    case 4:
      return rng.pick([null, true, false, undefined]);
    case 5:
      return rng.pick([{}, [], '', 0]);
    case 6:
      return Array.from({ length: rng.int(4) }, () => hostileValue(rng, depth + 1));
    case 7:
      return {
        [rng.pick(['a', '__proto__', 'constructor', 'toString', hostileString(rng)])]: hostileValue(
          rng,
          depth + 1,
        ),
      };
    default: {
      // Deep nesting.
      let v: unknown = 1;
      for (let i = rng.int(2000); i > 0; i--) v = [v];
      return v;
    }
  }
}

/** Valid values for fields the floor knows by name: ids that exist, the caller's token. */
function byName(name: string, rng: Rng, known: Known): { value: unknown } | null {
  if (!rng.chance(0.75)) return null;
  const ids = (list: number[]) => rng.pick([...list, 1, 2]);
  switch (name) {
    case 'token':
      return known.token ? { value: known.token } : null;
    case 'machineID':
    case 'machineId':
      return { value: ids(known.machineIds) };
    case 'playerId':
      return { value: ids(known.playerIds) };
    case 'username':
      return { value: rng.pick(known.usernames) };
    case 'password':
    case 'oldPassword':
      return { value: rng.pick(['demo1234', 'staff1234', 'wrong-password']) };
    case 'pin':
      return { value: rng.pick(['1234', '0000', '123456']) };
    case 'idempotencyKey':
    case 'requestId':
      // A small pool, so keys repeat: the same key must never move money twice.
      return { value: `fuzz-key-${rng.int(12)}` };
    case 'amount':
      return { value: rng.pick([1, 5, 100, 250, 1_000, 5_000]) };
    default:
      return null;
  }
}

interface Bounds {
  min?: number;
  max?: number;
  int?: boolean;
  pattern?: RegExp;
}

function boundsOf(def: Def): Bounds {
  const b: Bounds = {};
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' || (c.check === 'greater_than' && c.inclusive))
      b.min = c.minimum ?? c.value;
    else if (c.check === 'greater_than') b.min = c.value + (b.int ? 1 : 0.01);
    else if (c.check === 'max_length' || (c.check === 'less_than' && c.inclusive))
      b.max = c.maximum ?? c.value;
    else if (c.check === 'less_than') b.max = c.value - 1;
    else if (c.check === 'length_equals') b.min = b.max = c.length;
    else if (c.check === 'number_format') b.int = true;
    else if (c.check === 'string_format' && c.pattern) b.pattern = c.pattern;
  }
  return b;
}

function validNumber(def: Def, rng: Rng): number {
  const b = boundsOf(def);
  const min = b.min ?? 0;
  const max = b.max ?? 1_000_000;
  const small = Math.min(max, min + rng.pick([0, 1, 2, 3, 5, 10, 100, 1000]));
  const n = rng.pick([small, small, min, max]);
  return b.int ? Math.round(n) : n;
}

const alphabets = [
  '0123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789abcdef',
];

function validString(def: Def, rng: Rng): string {
  const b = boundsOf(def);
  const min = b.min ?? 0;
  const max = Math.min(b.max ?? 40, Math.max(min, 40));
  for (let attempt = 0; attempt < 20; attempt++) {
    const alphabet = rng.pick(alphabets);
    const len = rng.between(min, Math.max(min, Math.min(max, min + 12)));
    let s = '';
    for (let i = 0; i < len; i++) s += alphabet[rng.int(alphabet.length)];
    if (b.pattern) b.pattern.lastIndex = 0;
    if (!b.pattern || b.pattern.test(s)) return s;
  }
  return 'x'.repeat(min);
}

export interface GenOptions {
  /** chance that any one node is replaced by a hostile value, or an object loses or gains a key */
  mutation: number;
  known: Known;
}

/** A value for `schema`: valid at mutation 0, more hostile as it rises. */
export function generate(schema: unknown, rng: Rng, opts: GenOptions, name = ''): unknown {
  if (opts.mutation > 0 && rng.chance(opts.mutation)) return hostileValue(rng);
  const named = byName(name, rng, opts.known);
  if (named) return named.value;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return generateObject(def, rng, opts);
    case 'string':
      return validString(def, rng);
    case 'number':
      return validNumber(def, rng);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'literal':
      return rng.pick(def.values);
    case 'enum':
      return rng.pick(Object.values(def.entries));
    case 'union':
      return generate(rng.pick(def.options), rng, opts, name);
    case 'array':
      return Array.from({ length: rng.int(4) }, () => generate(def.element, rng, opts));
    case 'record':
      return rng.chance(0.5) ? {} : { k: generate(def.valueType, rng, opts) };
    case 'optional':
    case 'default':
    case 'prefault':
      return rng.chance(0.3) ? undefined : generate(def.innerType, rng, opts, name);
    case 'nullable':
      return rng.chance(0.1) ? null : generate(def.innerType, rng, opts, name);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return generate(def.innerType, rng, opts, name);
    case 'pipe':
      // The input side is what a client sends; a bare transform has no shape of its own.
      return defOf(def.in).type === 'transform'
        ? generate(def.out, rng, opts, name)
        : generate(def.in, rng, opts, name);
    case 'lazy':
      return generate(def.getter(), rng, opts, name);
    default:
      // unknown, any, transform…: anything goes.
      return hostileValue(rng);
  }
}

function generateObject(def: Def, rng: Rng, opts: GenOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    if (opts.mutation > 0 && rng.chance(opts.mutation / 2)) continue; // a field dropped
    const value = generate(field, rng, opts, key);
    if (value !== undefined) out[key] = value;
  }
  if (opts.mutation > 0 && rng.chance(opts.mutation / 2)) {
    const extra = rng.pick([
      'extra',
      '__proto__',
      'constructor',
      'role',
      'balance',
      hostileString(rng),
    ]);
    // Defined, not assigned: assigning __proto__ would set the prototype, not add a key.
    Object.defineProperty(out, extra, {
      value: hostileValue(rng),
      enumerable: true,
      writable: true,
    });
  }
  return out;
}

/** JSON as a hostile client writes it: Infinity as 1e309 (JSON.parse reads it back), NaN bare. */
export function toJsonText(value: unknown): string {
  const marks = new Map<string, string>();
  const text = JSON.stringify(value, (_key, v) => {
    if (typeof v !== 'number' || Number.isFinite(v)) return v;
    const mark = `@@num${marks.size}@@`;
    marks.set(mark, Number.isNaN(v) ? 'NaN' : v > 0 ? '1e309' : '-1e309');
    return mark;
  });
  if (text === undefined) return '';
  return text.replace(/"@@num\d+@@"/g, (m) => marks.get(m.slice(1, -1)) ?? m);
}
