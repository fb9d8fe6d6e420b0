// Every HTTP route and every /machine and /notice socket event under generated bad input:
//   npm run fuzz -- --seed S --cases C     one run of C cases from seed S
//   npm run fuzz -- --short                a few fixed seeds, for npm test (under a minute)
//   npm run fuzz -- --seed S --only N      case N of seed S alone (a finding's replay)
// Cases come from the protocol's zod schemas (scripts/fuzz/values.ts) and are sent as a guest,
// a player, another player and staff to a real server on a throwaway PostgreSQL database. A run
// fails on any 5xx, crash (unhandled rejection, uncaught exception, error log line, /healthz
// down), refusal outside the catalogue's `{code, ErrorMessage}`, unanswered event, or broken money
// invariant (scripts/proof/invariants.ts), and on a route or event without a schema. Each finding
// prints its seed and case; the last line sums the run.
import { parseArgs } from 'node:util';
import type { Finding } from './fuzz/checks';
import { type RunResult, runFuzz } from './fuzz/run';

const SHORT_SEEDS = [1, 2, 3];
const SHORT_CASES = 1_000;
const MAX_PRINTED = 25;

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    cases: { type: 'string', default: '2000' },
    only: { type: 'string' },
    short: { type: 'boolean', default: false },
  },
});

function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) {
    process.stderr.write(`fuzz: --${name} must be a whole number, not ${text}\n`);
    process.exit(2);
  }
  return n;
}

const seeds = values.short ? SHORT_SEEDS : [positiveInt('seed', values.seed)];
const cases = values.short ? SHORT_CASES : positiveInt('cases', values.cases);
const only = values.only === undefined ? undefined : positiveInt('only', values.only);

let printed = 0;
function print(seed: number, f: Finding, what: string): void {
  if (++printed > MAX_PRINTED) return;
  const replay =
    f.index >= 0
      ? `\n  replay: npm run fuzz -- --seed ${seed} --only ${f.index}   (with the cases before it: --seed ${seed} --cases ${f.index + 1})`
      : '';
  process.stdout.write(
    `FINDING ${f.kind} seed ${seed} case ${f.index}: ${f.detail}\n  case: ${what}${replay}\n`,
  );
}

const started = Date.now();
const results: RunResult[] = [];
for (const seed of seeds) {
  const t0 = Date.now();
  const result = await runFuzz(seed, cases, { only, onFinding: (f, what) => print(seed, f, what) });
  results.push(result);
  process.stdout.write(
    `fuzz: seed ${seed}: ${result.cases} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${result.findings.length} findings\n`,
  );
}

const all = results.flatMap((r) => r.findings);
const count = (...kinds: Finding['kind'][]) => all.filter((f) => kinds.includes(f.kind)).length;
const other = count('refusal-shape', 'no-answer');
const noSchema = count('no-schema');
const { routes = 0, events = 0 } = results[0] ?? {};
const total = results.reduce((n, r) => n + r.cases, 0);
process.stdout.write(
  `fuzz: ${((Date.now() - started) / 1000).toFixed(1)} s in all${printed > MAX_PRINTED ? `; ${printed - MAX_PRINTED} findings not printed` : ''}\n`,
);
process.stdout.write(
  `fuzz: ${routes} routes, ${events} events, ${total} cases: ${count('5xx')} 5xx, ${count('crash')} crashes, ${count('invariant')} invariant violations${other ? `, ${other} malformed or unanswered refusals` : ''}${noSchema ? `, ${noSchema} routes or events without a schema` : ''}\n`,
);
process.exit(all.length === 0 ? 0 : 1);
