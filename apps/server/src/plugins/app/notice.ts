// The /notice namespace's hub: where services push to a player's tabs or to every tab. Every
// committed balance change, whatever caused it, reaches every open tab of the player.
import { NOTICE_NAMESPACE } from '@reelcast/protocol/notice';
import fp from 'fastify-plugin';
import { NoticeHub } from '../../modules/notice/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** pushes to a player's /notice tabs or to everyone */
    notice: NoticeHub;
  }
}

export default fp(
  async (app) => {
    const notice = new NoticeHub(app.io.of(NOTICE_NAMESPACE), { cluster: app.config.CLUSTER });
    app.ledger.on('balance', (playerId, balance, seq) =>
      notice.toPlayer(playerId, 'balance', { balance, seq }),
    );
    app.decorate('notice', notice);
  },
  { name: 'notice', dependencies: ['sockets', 'wallet'] },
);
