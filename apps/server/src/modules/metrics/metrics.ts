// The server's figures for Prometheus (GET /metrics, docs/metrics.md): one registry per app, not
// prom-client's global one, so the tests' several apps in one process never count into each
// other. The modules say what happened (the ledger's `posted`, the wallet's `claim-paid`, the
// sign-ins' events); plugins/app/metrics.ts hears them and calls the methods here. What is
// state rather than an event (seats, agents, viewers) is read when scraped (floor-gauges.ts).
import { TransactionType } from '@reelcast/protocol/transactions';
import type { ClaimKind } from '@reelcast/protocol/wallet';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const PREFIX = 'reelcast_';

/** The ledger's action types as label values (deposit, cashIn, …). */
const typeLabel = new Map<number, string>(
  Object.entries(TransactionType).map(([name, value]) => [value, name]),
);

/** HTTP and commit latencies: from a fast answer to one that a player notices. */
const secondsBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'code'>;
  private readonly sockets: Counter<'namespace'>;
  private readonly socketEvents: Counter<'namespace' | 'event'>;
  private readonly postings: Counter<'type'>;
  private readonly commit: Histogram<'type'>;
  private readonly claims: Counter<'kind'>;
  private readonly claimCents: Counter<'kind'>;
  private readonly loginFailures: Counter<'reason'>;
  private readonly locks: Counter<never>;

  /** `process`: also the process's CPU, memory, event-loop delay and GC (prom-client defaults). */
  constructor(opts: { process: boolean }) {
    // Its observers live as long as the process: only a server whose figures can be read has them.
    if (opts.process) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Counter<L>({ name: PREFIX + name, help, labelNames, registers: [this.registry] });
    const histogram = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Histogram<L>({
        name: PREFIX + name,
        help,
        labelNames,
        buckets: secondsBuckets,
        registers: [this.registry],
      });
    this.http = histogram(
      'http_request_duration_seconds',
      'HTTP requests answered, by route pattern and status, and how long each took',
      ['method', 'route', 'status'],
    );
    this.refusals = counter(
      'refusals_total',
      'HTTP answers in the error shape, by spec section 8 code (50000 is a fault, not a refusal)',
      ['code'],
    );
    this.sockets = counter(
      'socket_connections_total',
      'Socket.io connections accepted, by namespace',
      ['namespace'],
    );
    this.socketEvents = counter(
      'socket_events_total',
      "Socket.io events received from clients, by namespace and event (not the protocol's: other)",
      ['namespace', 'event'],
    );
    this.postings = counter(
      'ledger_postings_total',
      'Ledger postings committed (a repeated idempotency key is not one), by action type',
      ['type'],
    );
    this.commit = histogram(
      'ledger_commit_seconds',
      'From a posting to its commit, by action type (group commit: the wait for the batch too)',
      ['type'],
    );
    this.claims = counter('claims_paid_total', 'Discount and bonus claims paid, by kind', ['kind']);
    this.claimCents = counter(
      'claims_paid_cents_total',
      'Hundredths paid by discount and bonus claims, by kind',
      ['kind'],
    );
    this.loginFailures = counter(
      'login_failures_total',
      'Logins refused: credentials (wrong password or unknown name) or locked (refused unchecked)',
      ['reason'],
    );
    this.locks = counter(
      'login_locks_total',
      'Names locked by too many failed logins (GLI-19)',
      [],
    );
  }

  /** `route`: the route's pattern (/machine/:id), never the URL asked for. */
  httpAnswered(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  refused(code: number): void {
    this.refusals.inc({ code: String(code) });
  }

  socketConnected(namespace: string): void {
    this.sockets.inc({ namespace });
  }

  /** Sockets open now, by namespace, as `read` answers when scraped. */
  openSockets(read: () => Array<{ namespace: string; open: number }>): void {
    new Gauge({
      name: `${PREFIX}socket_connections`,
      help: 'Socket.io connections open now, by namespace',
      labelNames: ['namespace'],
      registers: [this.registry],
      collect() {
        for (const { namespace, open } of read()) this.set({ namespace }, open);
      },
    });
  }

  socketEvent(namespace: string, event: string): void {
    this.socketEvents.inc({ namespace, event });
  }

  posted(type: TransactionType, seconds: number): void {
    const label = typeLabel.get(type) ?? String(type);
    this.postings.inc({ type: label });
    this.commit.observe({ type: label }, seconds);
  }

  claimPaid(kind: ClaimKind, cents: number): void {
    this.claims.inc({ kind });
    this.claimCents.inc({ kind }, cents);
  }

  loginFailed(reason: 'credentials' | 'locked'): void {
    this.loginFailures.inc({ reason });
  }

  locked(): void {
    this.locks.inc();
  }

  /** The exposition: every figure, the scrape-time ones read now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
