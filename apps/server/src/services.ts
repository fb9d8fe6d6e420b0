// The app's services, built once and handed to routes and sockets.
import type { Config } from './config';
import type { Database } from './db/client';
import { Lockout } from './modules/auth/lockout';
import { AuthService } from './modules/auth/service';
import { Tokens } from './modules/auth/tokens';
import type { Floor } from './modules/floor/floor';
import { MeterStore } from './modules/floor/meter-store';
import { VideoFaults } from './modules/gateway/video-faults';
import { GeoCheck } from './modules/geo/geo-check';
import { JackpotService } from './modules/lobby/jackpots';
import { Reservations } from './modules/lobby/reservations';
import { LobbyService } from './modules/lobby/service';
import { NoticeHub } from './modules/notice/hub';
import { AccountService } from './modules/player/account-service';
import { SessionService } from './modules/sessions/service';
import { SettingsStore } from './modules/settings/settings-store';
import { Ledger } from './modules/wallet/ledger';
import { WalletService } from './modules/wallet/service';

export interface Services {
  config: Config;
  database: Database;
  floor: Floor;
  /** the machines' SAS meters, mirrored to the database */
  meters: MeterStore;
  ledger: Ledger;
  tokens: Tokens;
  auth: AuthService;
  account: AccountService;
  sessions: SessionService;
  lobby: LobbyService;
  /** /Settings.json: the operator's file over the §9 defaults, re-read when it changes */
  settings: SettingsStore;
  /** the §1 IP check: country of an address and whether it may play */
  geo: GeoCheck;
  /** the /notice namespace: pushes to a player's tabs or to everyone */
  notice: NoticeHub;
  /** discount and bonus claims, operator money, transactions */
  wallet: WalletService;
  /** machines whose video staff have marked broken (70000 on every start) */
  videoFaults: VideoFaults;
}

export function createServices(config: Config, database: Database, floor: Floor): Services {
  const db = database.db;
  const ledger = new Ledger(db, { groupCommit: config.LEDGER_GROUP_COMMIT });
  const notice = new NoticeHub();
  // Every committed balance change, whatever caused it, reaches every open tab of the player.
  ledger.on('balance', (playerId, balance, seq) =>
    notice.toPlayer(playerId, 'balance', { balance, seq }),
  );
  const geo = new GeoCheck(config);
  const tokens = new Tokens(
    db,
    config.JWT_SECRET,
    config.TOKEN_TTL_SECONDS,
    config.SIGN_IN_MAX_SECONDS,
  );
  const meters = new MeterStore(db, floor);
  const sessions = new SessionService(db, ledger, floor, config, meters);
  const settings = new SettingsStore(config.SETTINGS_FILE, config.ICE_SERVERS);
  return {
    config,
    database,
    floor,
    meters,
    ledger,
    tokens,
    auth: new AuthService(db, tokens, new Lockout(config), geo),
    account: new AccountService(db, tokens),
    sessions,
    lobby: new LobbyService(
      db,
      floor,
      sessions,
      ledger,
      notice,
      new JackpotService(db, ledger, notice, config.JACKPOT_CONTRIBUTION, floor),
      new Reservations(db, config.RESERVATION_SECONDS),
      () => settings.current().WEBCAM,
    ),
    settings,
    geo,
    notice,
    wallet: new WalletService(db, ledger, config),
    videoFaults: new VideoFaults(),
  };
}
