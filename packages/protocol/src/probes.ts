// Answers of the operator's probes: GET /readyz (may this server take players now?) and GET
// /metrics (Prometheus text, behind METRICS_TOKEN). /healthz (the process answers) is in http.ts.
import { z } from 'zod';

/** What /readyz checks, in the order it checks them. */
export const readinessChecks = ['database', 'migrations', 'floor', 'agents', 'draining'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

const checkResult = z.object({
  ok: z.boolean(),
  /** what was found, for whoever reads the probe by hand */
  detail: z.string(),
});
export type CheckResult = z.infer<typeof checkResult>;

/** GET /readyz: 200 with every check ok, else 503 naming the failed ones. */
export const readyAnswer = z.object({
  status: z.enum(['ready', 'not ready']),
  /** the checks that failed; empty when ready */
  failed: z.array(z.enum(readinessChecks)),
  checks: z.object({
    database: checkResult,
    migrations: checkResult,
    floor: checkResult,
    agents: checkResult,
    /** fails from the moment a SIGTERM's drain begins: send no new players here */
    draining: checkResult,
  }),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;

/** GET /metrics: the Prometheus text exposition format (text/plain; version=0.0.4). */
export const metricsText = z.string();

/** GET /metrics: the bearer token the operator configured (METRICS_TOKEN). */
export const metricsHeaders = z.object({
  authorization: z.string().max(4096).optional(),
});
