// The app's services, built once and handed to routes and sockets.
import type { Config } from './config';
import type { Database } from './db/client';
import { Lockout } from './modules/auth/lockout';
import { AuthService } from './modules/auth/service';
import { Tokens } from './modules/auth/tokens';
import type { Floor } from './modules/floor/floor';
import { LobbyService } from './modules/lobby/service';
import { AccountService } from './modules/player/account-service';
import { SessionService } from './modules/sessions/service';
import { Ledger } from './modules/wallet/ledger';

export interface Services {
  config: Config;
  database: Database;
  floor: Floor;
  ledger: Ledger;
  tokens: Tokens;
  auth: AuthService;
  account: AccountService;
  sessions: SessionService;
  lobby: LobbyService;
}

export function createServices(config: Config, database: Database, floor: Floor): Services {
  const db = database.db;
  const ledger = new Ledger(db);
  const tokens = new Tokens(db, config.JWT_SECRET, config.TOKEN_TTL_SECONDS);
  const sessions = new SessionService(db, ledger, floor, config.SESSION_GRACE_MS);
  return {
    config,
    database,
    floor,
    ledger,
    tokens,
    auth: new AuthService(db, tokens, new Lockout(config)),
    account: new AccountService(db, tokens),
    sessions,
    lobby: new LobbyService(db, sessions),
  };
}
