// The back office's API (issue #21) in one table: every console route's method, path and the staff
// roles it lets in. The server guards each route with its entry here (a test holds every /staff
// route to it), and the console reads it to offer only what the signed-in role may do. Payloads
// are in console-floor.ts, console-players.ts, console-audit.ts, console-reports.ts,
// console-staff.ts and console-settings.ts, and in the older staff schemas (floor.ts, wallet.ts,
// agent.ts, sessions.ts).
//
// Sign-in is POST /login with `otp` (the TOTP code) once the staff member has enrolled; a staff
// answer's errors: 10706 (code needed), 10707 (code wrong), 10704 (banned), 10700–10702 (lockout).
import { roleGroups } from './log-types';

export interface ConsoleRoute {
  method: 'GET' | 'POST';
  path: string;
  roles: readonly string[];
}

const get = (path: string, roles: readonly string[]) => ({ method: 'GET', path, roles }) as const;
const post = (path: string, roles: readonly string[]) => ({ method: 'POST', path, roles }) as const;

const { staff, cashier, supervisor, admin, oversight, adminReads } = roleGroups;

export const consoleRoutes = {
  // Oneself: any staff role, the auditor too (their own sign-in, nobody else's).
  me: get('/staff/me', staff),
  twoFactorEnrol: post('/staff/two-factor/enrol', staff),
  twoFactorConfirm: post('/staff/two-factor/confirm', staff),

  // The floor.
  floor: get('/staff/floor', staff),
  machineMeters: get('/staff/machines/:id/meters', staff),
  machineGames: get('/staff/machines/:id/games', staff),
  machineEnabled: post('/staff/machines/:id/enabled', supervisor),
  machineKick: post('/staff/machines/:id/kick', supervisor),
  machineFault: post('/staff/machine-fault', supervisor),
  videoFault: post('/staff/video-fault', supervisor),
  quitSession: post('/staff/quit-session', supervisor),
  handPayReset: post('/staff/handpay-reset', supervisor),
  handPayApprovals: get('/staff/handpay-approvals', staff),
  handPayApprove: post('/staff/handpay-approvals/:id/approve', supervisor),

  // Players.
  players: get('/staff/players', staff),
  player: get('/staff/players/:id', staff),
  playerLedger: get('/staff/players/:id/ledger', staff),
  playerSessions: get('/staff/players/:id/sessions', staff),
  playerLogins: get('/staff/players/:id/logins', staff),
  /** limits and exclusions, read-only (modules/protection serves it) */
  playerProtection: get('/staff/players/:playerId/protection', staff),
  sessionGames: get('/staff/sessions/:id/games', staff),
  deposit: post('/staff/deposit', cashier),
  withdraw: post('/staff/withdraw', cashier),
  playerBan: post('/staff/players/:id/ban', supervisor),
  playerPasswordReset: post('/staff/players/:id/reset-password', supervisor),
  playerPinReset: post('/staff/players/:id/reset-pin', supervisor),
  playerAccess: post('/staff/players/:id/access', admin),

  // Reports and the audit log.
  dailyReport: get('/staff/reports/daily', staff),
  dailyReportCsv: get('/staff/reports/daily.csv', staff),
  seatsReport: get('/staff/reports/seats', staff),
  audit: get('/staff/audit', oversight),
  auditCsv: get('/staff/audit.csv', oversight),

  // Staff accounts and machine agents: the admin's.
  staffAccounts: get('/staff/accounts', adminReads),
  staffAccountCreate: post('/staff/accounts', admin),
  staffAccountRole: post('/staff/accounts/:id/role', admin),
  staffAccountReset: post('/staff/accounts/:id/reset', admin),
  agentAdd: post('/staff/agents', admin),
  agentRevoke: post('/staff/agents/revoke', admin),

  // The §9 settings: the admin sets them; who oversees may read them.
  settings: get('/staff/settings', oversight),
  settingChange: post('/staff/settings', admin),
  settingReset: post('/staff/settings/reset', admin),
} as const satisfies Record<string, ConsoleRoute>;

export type ConsoleRouteName = keyof typeof consoleRoutes;

/** Whether `role` may call the route: for the console to show or hide what leads there. */
export const mayCall = (name: ConsoleRouteName, role: string): boolean =>
  consoleRoutes[name].roles.includes(role);

/** Routes about oneself: an auditor may call these POSTs, since they change nothing of others. */
export const selfServiceRoutes: readonly ConsoleRouteName[] = [
  'twoFactorEnrol',
  'twoFactorConfirm',
];
