// Player protection at the machines (modules/protection/play-guard.ts): built once the seats are,
// since it watches their sessions, checks their presses and ends them by their close.
import fp from 'fastify-plugin';
import { PlayGuard } from '../../modules/protection/play-guard';

declare module 'fastify' {
  interface FastifyInstance {
    playGuard: PlayGuard;
  }
}

export default fp(
  async (app) => {
    const guard = new PlayGuard({
      db: app.database.db,
      protection: app.protection,
      sessions: app.sessions,
      floor: app.floor,
      tokens: app.tokens,
      rules: app.playRulesProfile,
      log: app.log,
    });
    app.decorate('playGuard', guard);
    app.addHook('onClose', async () => guard.stop());
  },
  { name: 'play-guard', dependencies: ['protection', 'seats', 'floor', 'accounts'] },
);
