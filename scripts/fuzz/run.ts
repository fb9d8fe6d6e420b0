// One fuzz run: a fresh server, its routes and socket events listed from the server itself (one
// without a schema fails the run), then `cases` generated cases, with the health of the process
// and the money invariants checked every CHECK_EVERY cases and at the end.
import { agentClientEvents } from '@reelcast/protocol/agent';
import { machineClientEvents } from '@reelcast/protocol/machine-socket';
import { noticeClientEvents } from '@reelcast/protocol/notice';
import postgres from 'postgres';
import { meterRepository } from '../../apps/server/src/modules/floor/meter-store';
import { checkInvariants, type Violation } from '../proof/invariants';
import type { Finding } from './checks';
import { buildHttpCase, describeHttpCase, type HttpCase, runHttpCase } from './http-cases';
import { Identities } from './identities';
import { caseRng } from './random';
import { type FuzzServer, type RouteInfo, startFuzzServer } from './server';
import {
  buildSocketCase,
  describeSocketCase,
  type EventInfo,
  runSocketCase,
  type SocketCase,
  SocketPool,
  setKnownEvents,
} from './socket-cases';
import type { Known } from './values';

const CHECK_EVERY = 500;
/** A case still going after this is stuck: a request or event the server never answered. */
const CASE_TIMEOUT_MS = 20_000;

const delay = (ms: number) => new Promise<'late'>((r) => setTimeout(() => r('late'), ms).unref());

export interface RunResult {
  routes: number;
  events: number;
  cases: number;
  findings: Finding[];
  /** what a case number stands for, for the findings' replay lines */
  describe(index: number): string;
}

export type Case = HttpCase | SocketCase;

/** The routes the server registered; a route without a schema cannot be fuzzed and is a finding. */
function fuzzableRoutes(server: FuzzServer, report: (detail: string) => void): RouteInfo[] {
  const routes = server.routes.filter((r) => r.method !== 'HEAD');
  for (const r of routes) if (!r.schema) report(`route ${r.method} ${r.url} has no schema`);
  return routes.filter((r) => r.schema);
}

const reservedEvents = new Set([
  'connect',
  'disconnect',
  'disconnecting',
  'error',
  'newListener',
  'removeListener',
]);

/** The events the server listens for on a socket of each namespace, each with its schema. */
async function socketEvents(
  server: FuzzServer,
  pool: SocketPool,
  report: (d: string) => void,
): Promise<EventInfo[]> {
  const lists = {
    '/machine': machineClientEvents,
    '/notice': noticeClientEvents,
    '/agent': agentClientEvents,
  } as const;
  const events: EventInfo[] = [];
  for (const namespace of ['/machine', '/notice', '/agent'] as const) {
    const client = await pool.get(namespace, 'player');
    const socket = server.io.of(namespace).sockets.get(client.id ?? '');
    if (!socket) throw new Error(`no server socket for ${namespace}`);
    const list: Record<string, unknown> = lists[namespace];
    for (const name of socket.eventNames()) {
      if (typeof name !== 'string' || reservedEvents.has(name)) continue;
      const schema = list[name];
      if (!schema) report(`event ${namespace} ${name} has no schema`);
      else events.push({ namespace, event: name, schema: schema as EventInfo['schema'] });
    }
    for (const name of Object.keys(list)) {
      if (!events.some((e) => e.namespace === namespace && e.event === name)) {
        report(`event ${namespace} ${name} has a schema but no handler`);
      }
    }
  }
  return events;
}

export function buildCase(
  seed: number,
  index: number,
  routes: RouteInfo[],
  events: EventInfo[],
  known: Known,
): Case {
  const rng = caseRng(seed, index);
  if (rng.chance(0.6) || events.length === 0) return buildHttpCase(rng.pick(routes), rng, known);
  return buildSocketCase(rng.pick(events), rng, known);
}

export const describeCase = (c: Case) =>
  c.kind === 'http' ? describeHttpCase(c) : describeSocketCase(c);

/** Live checks the database cannot see: credits on a machine without an open session, meters. */
async function liveViolations(server: FuzzServer): Promise<Violation[]> {
  const found: Violation[] = [];
  const { floor, sessions, database } = server.services;
  for (const agent of floor.all()) {
    const { credits } = agent.state();
    if (credits > 0 && !sessions.sessionOnMachine(agent.machineId)) {
      found.push({
        invariant: 'session-money',
        subject: `machine ${agent.machineId}`,
        detail: `holds ${credits} credits with no open session (live)`,
      });
    }
    const m = agent.meters();
    const l = await meterRepository.ledgerTotals(database.db, agent.machineId);
    const ledgerNet = l.cashIn - l.cashOut - l.handPay;
    const meterNet = m.coinIn - m.coinOut - m.handPaid + m.currentCredits;
    if (ledgerNet !== meterNet) {
      found.push({
        invariant: 'meters',
        subject: `machine ${agent.machineId}`,
        detail: `live: Cash In − Cash Out − Hand Pay = ${ledgerNet}, coin in − coin out − hand paid + credits = ${meterNet}`,
      });
    }
  }
  return found;
}

/** Violations that stay: money moving while we look shows for a moment, so each is re-checked. */
async function settledViolations(server: FuzzServer, sql: postgres.Sql): Promise<Violation[]> {
  let found: Violation[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    found = [...(await checkInvariants(sql)), ...(await liveViolations(server))];
    if (found.length === 0) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  return found;
}

async function healthy(server: FuzzServer): Promise<string | null> {
  try {
    const res = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(10_000) });
    return res.status === 200 ? null : `/healthz answered ${res.status}`;
  } catch (e) {
    return `/healthz did not answer: ${(e as Error).message}`;
  }
}

export async function runFuzz(
  seed: number,
  cases: number,
  opts: { only?: number; onFinding(f: Finding, describe: string): void },
): Promise<RunResult> {
  let current = -1;
  const built = new Map<number, Case>();
  const findings: Finding[] = [];
  const describe = (i: number) =>
    built.has(i) ? describeCase(built.get(i)!) : i < 0 ? 'start-up' : `case ${i}`;
  const add = (f: Finding) => {
    // A burst fails together: one finding of a kind per case is enough to replay it.
    if (f.index >= 0 && findings.some((g) => g.index === f.index && g.kind === f.kind)) return;
    findings.push(f);
    opts.onFinding(f, describe(f.index));
  };
  const crash = (what: string) => add({ kind: 'crash', index: current, detail: what });
  const onRejection = (e: unknown) => crash(`unhandled rejection: ${(e as Error)?.stack ?? e}`);
  const onException = (e: Error) => crash(`uncaught exception: ${e.stack ?? e}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  const server = await startFuzzServer(crash);
  const identities = new Identities(server.services);
  const pool = new SocketPool(server.origin, identities);
  try {
    const noSchema = (detail: string) => add({ kind: 'no-schema', index: -1, detail });
    const routes = fuzzableRoutes(server, noSchema);
    const events = await socketEvents(server, pool, noSchema);
    setKnownEvents(events);
    const known: Known = {
      token: null,
      machineIds: [...server.services.floor.all()].map((a) => a.machineId),
      sessionIds: Array.from({ length: 20 }, (_, i) => i + 1),
      playerIds: [1, 2, 3, 4, 5, 6],
      usernames: Identities.usernames(),
    };
    const indices =
      opts.only === undefined ? Array.from({ length: cases }, (_, i) => i) : [opts.only];
    for (const index of indices) {
      current = index;
      const c = buildCase(seed, index, routes, events, known);
      built.set(index, c);
      // FUZZ_TRACE=staff (a caller) prints that caller's cases as they run, to follow a finding.
      if (process.env.FUZZ_TRACE === c.who) process.stderr.write(`${index}: ${describeCase(c)}\n`);
      const report = (f: Omit<Finding, 'index'>) => add({ ...f, index });
      try {
        const run =
          c.kind === 'http'
            ? runHttpCase(server.app, c, identities, report)
            : runSocketCase(pool, server.origin, identities, c, report);
        if ((await Promise.race([run.then(() => 'done'), delay(CASE_TIMEOUT_MS)])) !== 'done') {
          report({ kind: 'no-answer', detail: `the case did not finish in ${CASE_TIMEOUT_MS} ms` });
          pool.closeAll();
        }
      } catch (e) {
        report({ kind: 'crash', detail: `the case itself failed: ${(e as Error).stack ?? e}` });
      }
      // Only the cases with findings are kept for their descriptions.
      if (!findings.some((f) => f.index === index)) built.delete(index);
      if ((index + 1) % CHECK_EVERY === 0) await periodicChecks(server, index, add);
    }
    pool.closeAll();
    await periodicChecks(server, current, add);
    return {
      routes: routes.length,
      events: events.length,
      cases: indices.length,
      findings,
      describe,
    };
  } finally {
    pool.closeAll();
    await server.close().catch((e) => crash(`close failed: ${e}`));
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  }
}

async function periodicChecks(
  server: FuzzServer,
  index: number,
  add: (f: Finding) => void,
): Promise<void> {
  if (process.env.FUZZ_DEBUG) {
    const { readdirSync, readlinkSync } = await import('node:fs');
    const kinds = new Map<string, number>();
    for (const fd of readdirSync('/proc/self/fd')) {
      let k = '?';
      try {
        k = readlinkSync(`/proc/self/fd/${fd}`).replace(/[0-9]+/g, 'N');
      } catch {}
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    const health = await (await fetch(`${server.origin}/healthz`)).json();
    process.stderr.write(
      `case ${index}: ${JSON.stringify([...kinds])} sockets ${server.services.io.of('/machine').sockets.size} ${JSON.stringify(health)}\n`,
    );
  }
  const sick = await healthy(server);
  if (sick) add({ kind: 'crash', index, detail: sick });
  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (const v of await settledViolations(server, sql)) {
      add({ kind: 'invariant', index, detail: `${v.invariant}: ${v.subject}: ${v.detail}` });
    }
  } finally {
    await sql.end();
  }
}
