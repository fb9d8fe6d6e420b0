// Security headers. The policy allows our own origin only, plus what the settings configure (the
// live-chat provider's origins, the addresses they name), read per response so a settings edit
// applies at once.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { type CspDirective, settingsSources } from '../../modules/settings/settings-csp';

export default fp(
  async (app) => {
    const chat = (directive: CspDirective) => () =>
      settingsSources(app.settings.current(), directive);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", chat('scriptSrc')],
          // Inline style attributes set by React through the CSSOM need no exception; the toast
          // library injects one stylesheet, hence 'unsafe-inline' for styles only.
          styleSrc: ["'self'", "'unsafe-inline'", chat('styleSrc')],
          imgSrc: ["'self'", 'data:', 'blob:', chat('imgSrc')],
          mediaSrc: ["'self'", 'blob:', chat('mediaSrc')],
          connectSrc: ["'self'", chat('connectSrc')],
          fontSrc: ["'self'", 'data:', chat('fontSrc')],
          objectSrc: ["'none'"],
          frameSrc: ["'self'", chat('frameSrc')],
          workerSrc: ["'self'", chat('workerSrc')],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
