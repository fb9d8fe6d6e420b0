// The media server, when JANUS_URL is set (issue #18): viewers' video goes through Janus; without
// it the video is direct (the embedded default). Checked at start-up: a server told to use a
// media server it cannot reach does not start.
import fp from 'fastify-plugin';
import { JanusMedia } from '../../modules/media/janus';

declare module 'fastify' {
  interface FastifyInstance {
    /** the media server's client, or null (direct video) */
    media: JanusMedia | null;
  }
}

export default fp(
  async (app) => {
    const { JANUS_URL, JANUS_API_SECRET, ICE_ALLOWED_ADDRESSES, ICE_SERVERS } = app.config;
    if (!JANUS_URL) {
      app.decorate('media', null);
      return;
    }
    if (!JANUS_API_SECRET) throw new Error('JANUS_URL needs JANUS_API_SECRET');
    const media = new JanusMedia(
      {
        url: JANUS_URL,
        apiSecret: JANUS_API_SECRET,
        allowed: ICE_ALLOWED_ADDRESSES,
        iceServers: ICE_SERVERS,
      },
      app.log,
    );
    // Started together (npm run start:sfu, the tests), Janus may take a moment to listen.
    for (let attempt = 1; ; attempt++) {
      try {
        await media.check();
        break;
      } catch (err) {
        if (attempt >= 30) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    app.log.info({ url: JANUS_URL }, 'media server connected');
    app.decorate('media', media);
    app.addHook('onClose', () => media.close());
  },
  { name: 'media', dependencies: ['config'] },
);
