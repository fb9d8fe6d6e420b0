// The staff API, the back office's (issue #21). Each endpoint lives in its own file and is listed
// here: adding one is a one-line change. Every route needs a staff role (the scope's guard) and
// then the roles of its entry in the protocol's console table (console-route.ts), both read from
// the database with the token. Every POST is in the audit log: the route records what it did,
// and whatever it did not record (a refusal, a failure) is recorded here as it is answered.
import { roleGroups } from '@reelcast/protocol/log-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardScope } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { requireRole } from '../../http/require-role';
import { actorOf } from '../audit/audit-log';
import { agentRoutes } from './agents';
import { auditExportRoutes } from './audit-export';
import { auditLogRoutes } from './audit-log';
import { dailyReportRoutes } from './daily-report';
import { dailyReportCsvRoutes } from './daily-report-csv';
import { floorRoutes } from './floor';
import { handPayApprovalRoutes } from './handpay-approvals';
import { handPayResetRoutes } from './handpay-reset';
import { machineEnabledRoutes } from './machine-enabled';
import { machineFaultRoutes } from './machine-fault';
import { machineGamesRoutes } from './machine-games';
import { machineKickRoutes } from './machine-kick';
import { machineMetersRoutes } from './machine-meters';
import { meRoutes } from './me';
import { moneyRoutes } from './money';
import { playerAccessRoutes } from './player-access';
import { playerBanRoutes } from './player-ban';
import { playerLedgerRoutes } from './player-ledger';
import { playerLoginsRoutes } from './player-logins';
import { playerRoutes } from './player-profile';
import { playerResetRoutes } from './player-resets';
import { playerSearchRoutes } from './player-search';
import { playerSessionsRoutes } from './player-sessions';
import { quitSessionRoutes } from './quit-session';
import { seatsReportRoutes } from './seats-report';
import { sessionGamesRoutes } from './session-games';
import { settingChangeRoutes } from './setting-changes';
import { consoleSettingsRoutes } from './settings';
import { staffAccountChangeRoutes } from './staff-account-changes';
import { staffAccountRoutes } from './staff-accounts';
import { twoFactorRoutes } from './two-factor';
import { videoFaultRoutes } from './video-fault';

const staffRouteFiles: FastifyPluginAsyncZod[] = [
  meRoutes,
  twoFactorRoutes,
  floorRoutes,
  machineMetersRoutes,
  machineGamesRoutes,
  machineEnabledRoutes,
  machineKickRoutes,
  machineFaultRoutes,
  videoFaultRoutes,
  quitSessionRoutes,
  handPayResetRoutes,
  handPayApprovalRoutes,
  playerSearchRoutes,
  playerRoutes,
  playerLedgerRoutes,
  playerSessionsRoutes,
  playerLoginsRoutes,
  sessionGamesRoutes,
  moneyRoutes,
  playerBanRoutes,
  playerResetRoutes,
  playerAccessRoutes,
  dailyReportRoutes,
  dailyReportCsvRoutes,
  seatsReportRoutes,
  auditLogRoutes,
  auditExportRoutes,
  staffAccountRoutes,
  staffAccountChangeRoutes,
  consoleSettingsRoutes,
  settingChangeRoutes,
  agentRoutes,
];

/** Body fields an audit entry never keeps: codes and secrets. */
const UNRECORDED = new Set(['code', 'otp', 'password', 'secret']);

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  // The guard covers only the routes registered inside this plugin; on the request, so a
  // stranger is refused before the body is even parsed.
  guardScope(app, authenticate(app.tokens), requireRole(...roleGroups.staff));
  app.decorateRequest('audited', false);
  // Before the answer leaves, so whoever reads the log after an answer finds its entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (request.method !== 'POST' || !request.claims || (request.audited && status < 400)) {
      return payload;
    }
    const body = Object.fromEntries(
      Object.entries((request.body as Record<string, unknown> | undefined) ?? {}).filter(
        ([key]) => !UNRECORDED.has(key),
      ),
    );
    await app.audit
      .record(actorOf(request), {
        action: `POST ${request.routeOptions.url ?? request.url}`,
        targetType: 'route',
        targetId: request.url.split('?')[0],
        reason: typeof body.reason === 'string' ? body.reason : null,
        outcome: status < 400 ? 'done' : status >= 500 ? 'failed' : 'refused',
        after: { status, body },
      })
      .catch((err) => request.log.error({ err }, 'audit entry not recorded'));
    return payload;
  });
  for (const route of staffRouteFiles) await app.register(route);
};
