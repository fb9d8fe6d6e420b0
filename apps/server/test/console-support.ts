// What the back office's tests share: a token for each staff role and a player, and calls with
// them. The demo seed has one account of each staff role (db/seed.ts).
import { consoleRoutes } from '@reelcast/protocol/console';
import { auditLog } from '../src/db/schema';
import { type TestServer, tokenFor } from './support';

export const staffUsers = {
  supervisor: 'staff',
  supervisor2: 'supervisor2',
  cashier: 'cashier',
  admin: 'admin',
  auditor: 'auditor',
  player: 'demo',
} as const;
export type Who = keyof typeof staffUsers;

export async function consoleTokens(server: TestServer): Promise<Record<Who, string>> {
  const entries = await Promise.all(
    Object.entries(staffUsers).map(async ([who, username]) => [
      who,
      await tokenFor(server, username),
    ]),
  );
  return Object.fromEntries(entries);
}

/** A caller of the console API as one of the roles: the status and the JSON, or the text (CSV). */
export function consoleCaller(server: TestServer, tokens: Record<Who, string>) {
  return async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined || method === 'GET' ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type']).startsWith('application/json');
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route answers
    const body: any = json ? res.json() : res.body;
    return { status: res.statusCode, body, headers: res.headers };
  };
}

/** Every entry of the console table, with ids in its path filled in. */
export const consoleTable = Object.entries(consoleRoutes).map(([name, r]) => ({
  name,
  ...r,
  url: (id: number) => r.path.replace(/:\w+/g, String(id)),
}));

/** The audit log as the database holds it, oldest first. */
export async function auditRows(server: TestServer) {
  return server.services.database.db.select().from(auditLog).orderBy(auditLog.id);
}
