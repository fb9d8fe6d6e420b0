// The command line's two ways to the wallet and the machines (cli.ts says when each is used): the
// running server's staff API, signed in as a staff account, or the database itself through the
// server's own plugins, its money movements recorded in the same audit log.
import { userInfo } from 'node:os';
import { agentAddBody, agentRevokeBody } from '@reelcast/protocol/agent';
import { type StaffAccount, staffAccountCreateBody } from '@reelcast/protocol/console-staff';
import { zeroMeters } from '@reelcast/protocol/floor';
import type { StaffMoneyBody } from '@reelcast/protocol/wallet';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from './config';
import type { Runner } from './db/client';
import { machines } from './db/schema';
import { AppError } from './errors';
import { hashAgentSecret, newAgentSecret } from './modules/agents/credentials';
import { agentRepository } from './modules/agents/repository';
import { type AuditAction, AuditLog } from './modules/audit/audit-log';
import { meterRepository } from './modules/floor/meter-store';
import { auditedAccount, StaffAccounts } from './modules/staff-accounts/service';
import type { PostResult } from './modules/wallet/ledger';
import protectionPlugin from './plugins/app/protection';
import walletPlugin from './plugins/app/wallet';
import configPlugin from './plugins/external/config';
import databasePlugin from './plugins/external/database';

export interface Backend {
  name: string;
  /** POSTs a staff route's body; answers its JSON or throws with the server's message */
  staff<T>(path: string, body: unknown): Promise<T>;
  /** GETs a staff route; answers its JSON or throws with the server's message */
  read<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

export class CliError extends Error {}

export async function httpBackend(base: string): Promise<Backend> {
  const username = process.env.REELCAST_STAFF_USER;
  const password = process.env.REELCAST_STAFF_PASSWORD;
  if (!username || !password) {
    throw new CliError(
      `a server is running at ${base}: set REELCAST_STAFF_USER and REELCAST_STAFF_PASSWORD to a staff account so the CLI can use its staff API`,
    );
  }
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      throw new CliError(
        `${json.ErrorMessage ?? res.statusText} (code ${json.code ?? res.status})`,
      );
    }
    return json as T;
  };
  const otp = process.env.REELCAST_STAFF_OTP;
  const { token } = await call<{ token: string }>('/login', {
    username,
    password,
    site_id: 0,
    ...(otp ? { otp } : {}),
  });
  return {
    name: `server ${base}`,
    staff: (path, body) => call(path, body, token),
    read: (path) => call(path, undefined, token),
    async close() {
      await call('/player/logout', {}, token).catch(() => {});
    },
  };
}

/**
 * The database itself, for when no server is running: the server's own plugins for the
 * configuration, the database, player protection (a deposit limit holds here too) and the
 * wallet, on an app that never listens.
 */
export async function directBackend(config = loadConfig()): Promise<Backend> {
  const app = Fastify({ logger: false });
  await app.register(configPlugin, { config });
  await app.register(databasePlugin);
  await app.register(protectionPlugin);
  await app.register(walletPlugin);
  await app.ready();
  const { database, wallet } = app;
  const operator = `cli:${userInfo().username}`;
  const audit = new AuditLog(database.db);
  const actor = { id: null, username: operator, role: null, ip: 'local' };
  return {
    name: `database ${database.kind}`,
    async staff<T>(path: string, body: unknown): Promise<T> {
      if (path.startsWith('/staff/agents'))
        return (await agentsDirect(database.db, path, body)) as T;
      if (path === '/staff/accounts') {
        // No server runs, so no sign-in has a socket to close.
        const accounts = new StaffAccounts(database.db, { superseded: () => {} });
        const create = staffAccountCreateBody.parse(body);
        return (await accounts.create(create, (tx, a) =>
          audit.record(actor, staffAccountEntry(a, create.reason), tx),
        )) as T;
      }
      const direction =
        path === '/staff/deposit' ? 'deposit' : path === '/staff/withdraw' ? 'withdraw' : null;
      // Commands that act on machines (hand pay, faults) live in the running server only.
      if (!direction) throw new CliError(`${path} needs the running server`);
      try {
        const move = body as StaffMoneyBody;
        const { entry, applied } = await wallet.operatorMove(direction, move, operator, (tx, r) =>
          audit.record(actor, cliMoneyEntry(direction, move, r), tx),
        );
        return {
          playerId: entry.playerId,
          balance: entry.balanceAfter,
          entryId: entry.id,
          applied,
        } as T;
      } catch (e) {
        if (e instanceof AppError) throw new CliError(`${e.message} (code ${e.code})`);
        throw e;
      }
    },
    // With no server running, the meters are those it saved when it stopped.
    async read<T>(path: string): Promise<T> {
      const machineId = Number(/^\/staff\/machines\/(\d+)\/meters$/.exec(path)?.[1]);
      if (!machineId) throw new CliError(`${path} needs the running server`);
      const [machine] = await database.db
        .select({ id: machines.id })
        .from(machines)
        .where(eq(machines.id, machineId));
      if (!machine) throw new CliError(`no machine ${machineId}`);
      // A machine never played has saved nothing yet: a new cabinet's meters are all zero.
      const meters = (await meterRepository.byMachine(database.db, machineId)) ?? zeroMeters;
      const ledger = await meterRepository.ledgerTotals(database.db, machineId);
      return { machineId, meters, ledger } as T;
    },
    close: () => app.close(),
  };
}

/** The audit entry of a deposit or withdrawal made on the database itself. */
function cliMoneyEntry(
  direction: 'deposit' | 'withdraw',
  body: StaffMoneyBody,
  { entry, applied }: PostResult,
): AuditAction {
  return {
    action: direction,
    targetType: 'player',
    targetId: entry.playerId,
    reason: body.reason,
    before: applied ? { balance: entry.balanceAfter - entry.amount } : null,
    after: { balance: entry.balanceAfter, amount: body.amount, entryId: entry.id, applied },
  };
}

/** The audit entry of a staff account made on the database itself. */
const staffAccountEntry = (a: StaffAccount, reason: string): AuditAction => ({
  action: 'create staff account',
  targetType: 'staff',
  targetId: a.id,
  reason,
  after: { username: a.username, ...auditedAccount(a) },
});

/** agent add / revoke on the database itself, as the staff routes do on a running server. */
async function agentsDirect(db: Runner, path: string, body: unknown): Promise<unknown> {
  if (path === '/staff/agents/revoke') {
    const { id } = agentRevokeBody.parse(body);
    if (!(await db.transaction((tx) => agentRepository.revoke(tx, id)))) {
      throw new CliError(`no agent ${id} to revoke`);
    }
    return { id };
  }
  const { id, machines: ids } = agentAddBody.parse(body);
  const found = await agentRepository.existingMachines(db, ids);
  const missing = ids.filter((m) => !found.includes(m));
  if (missing.length > 0) throw new CliError(`no machine ${missing.join(', ')}`);
  const secret = newAgentSecret();
  const hash = await hashAgentSecret(secret);
  if (!(await db.transaction((tx) => agentRepository.add(tx, id, hash, ids)))) {
    throw new CliError(`agent ${id} exists already`);
  }
  return { id, secret, machines: ids };
}

export async function serverRunning(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}
