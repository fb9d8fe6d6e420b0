// Player protection's rules where money moves and players sign in (modules/protection/service.ts):
// built before the wallet, the accounts and the seats, which run its checks. Its clock is the
// seats' (a test's hand-moved one when given), so cooling-off and exclusions run on it too.
import fp from 'fastify-plugin';
import { type PlayRulesProfile, playRulesProfiles } from '../../modules/protection/play-rules';
import { ProtectionService } from '../../modules/protection/service';
import { type Clock, clockOf, realClock, type Timers } from '../../modules/sessions/timers';

declare module 'fastify' {
  interface FastifyInstance {
    protection: ProtectionService;
    /** the market's play rules, from JURISDICTION */
    playRulesProfile: PlayRulesProfile;
  }
}

export default fp<{ clock?: Timers | Clock }>(
  async (app, { clock }) => {
    app.decorate(
      'protection',
      new ProtectionService(app.database.db, clock ? clockOf(clock) : realClock),
    );
    app.decorate('playRulesProfile', playRulesProfiles[app.config.JURISDICTION]);
  },
  { name: 'protection', dependencies: ['config', 'database'] },
);
