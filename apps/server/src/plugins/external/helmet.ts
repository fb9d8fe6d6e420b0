// Security headers. The policy allows our own origin only, plus what the settings configure (the
// live-chat provider's origins, the addresses they name). The settings are read per response, so
// a settings edit applies at once, but the policy is built once per version of the settings: built
// per response it was ten reads of the settings and their addresses parsed again (issue #16).
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { type CspDirective, settingsSources } from '../../modules/settings/settings-csp';
import type { ServedSettings } from '../../modules/settings/settings-store';

/** Each directive's own sources; `chat` marks where the settings' sources for it are added. */
const chat = Symbol('settings');
const directives: Array<[name: string, sources: Array<string | typeof chat>, CspDirective?]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", chat], 'scriptSrc'],
  // Inline style attributes set by React through the CSSOM need no exception; the toast library
  // injects one stylesheet, hence 'unsafe-inline' for styles only.
  ['style-src', ["'self'", "'unsafe-inline'", chat], 'styleSrc'],
  ['img-src', ["'self'", 'data:', 'blob:', chat], 'imgSrc'],
  ['media-src', ["'self'", 'blob:', chat], 'mediaSrc'],
  ['connect-src', ["'self'", chat], 'connectSrc'],
  ['font-src', ["'self'", 'data:', chat], 'fontSrc'],
  ['object-src', ["'none'"]],
  ['frame-src', ["'self'", chat], 'frameSrc'],
  ['worker-src', ["'self'", chat], 'workerSrc'],
  ['frame-ancestors', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
];

/** The Content-Security-Policy header for these settings. */
function contentSecurityPolicy(settings: ServedSettings): string {
  return directives
    .map(([name, sources, directive]) => {
      const values = sources.map((s) =>
        s === chat ? settingsSources(settings, directive as CspDirective) : s,
      );
      return [name, ...values.filter(Boolean)].join(' ');
    })
    .join(';');
}

export default fp(
  async (app) => {
    let built: { settings: ServedSettings; policy: string } | null = null;
    const policy = () => {
      const settings = app.settings.current();
      if (built?.settings !== settings) {
        built = { settings, policy: contentSecurityPolicy(settings) };
      }
      return built.policy;
    };
    await app.register(helmet, { contentSecurityPolicy: false });
    // Where helmet set it: a route may still answer with a policy of its own (the information
    // and API documentation pages).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', policy());
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
