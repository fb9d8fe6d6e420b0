// Who is signing in and from where: tokens and sign-ins, the login with its lockout and §1 IP
// check, and the player's own account.
import fp from 'fastify-plugin';
import { Lockout } from '../../modules/auth/lockout';
import { AuthService } from '../../modules/auth/service';
import { Tokens } from '../../modules/auth/tokens';
import { GeoCheck } from '../../modules/geo/geo-check';
import { AccountService } from '../../modules/player/account-service';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
    /** the §1 IP check: country of an address and whether it may play */
    geo: GeoCheck;
    auth: AuthService;
    account: AccountService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const { db } = app.database;
    const tokens = new Tokens(
      db,
      config.JWT_SECRET,
      config.TOKEN_TTL_SECONDS,
      config.SIGN_IN_MAX_SECONDS,
    );
    const geo = new GeoCheck(config);
    app.decorate('tokens', tokens);
    app.decorate('geo', geo);
    // A time-out or self-exclusion refuses the sign-in with 10705 (player protection).
    const closedCheck = (playerId: number) => app.protection.refuseSignIn(playerId);
    app.decorate(
      'auth',
      new AuthService(db, tokens, new Lockout(config), geo, app.audit, closedCheck),
    );
    app.decorate('account', new AccountService(db, tokens));
  },
  { name: 'accounts', dependencies: ['config', 'database', 'audit', 'protection'] },
);
