// The one composition root: createApp() builds the whole server without listening, for main.ts,
// the tests, the CLI's scripts and the benchmarks alike. As fastify/demo lays it out: external
// plugins (configuration, database, security headers, rate limits, the player app, sockets) →
// the app's services as decorators (plugins/app) → routes. Each service is built once, after
// what it needs, so no service is patched in later.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler';
import { logMethodHook, serializeError } from './http/log-errors';
import { withSharedAnswers } from './http/shared-answers';
import type { Clock, Timers } from './modules/sessions/timers';
import accounts from './plugins/app/accounts';
import agents from './plugins/app/agents';
import audit from './plugins/app/audit';
import backOffice from './plugins/app/back-office';
import cluster from './plugins/app/cluster';
import consoleSettings from './plugins/app/console-settings';
import floor from './plugins/app/floor';
import lifecycle from './plugins/app/lifecycle';
import lobby from './plugins/app/lobby';
import localAgent from './plugins/app/local-agent';
import media from './plugins/app/media';
import metrics from './plugins/app/metrics';
import notice from './plugins/app/notice';
import playGuard from './plugins/app/play-guard';
import protection from './plugins/app/protection';
import seats from './plugins/app/seats';
import seed from './plugins/app/seed';
import waitList from './plugins/app/wait-list';
import wallet from './plugins/app/wallet';
import configPlugin from './plugins/external/config';
import crossOrigin from './plugins/external/cross-origin';
import database, { type Storage } from './plugins/external/database';
import helmet from './plugins/external/helmet';
import openapi from './plugins/external/openapi';
import rateLimit from './plugins/external/rate-limit';
import sockets from './plugins/external/sockets';
import playerApp from './plugins/external/static';
import { routes } from './routes';

/** A URL as it may be logged: the value of any token or password parameter is hidden. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|password)=)[^&#]*/gi, '$1[redacted]');
}

export interface AppOptions {
  /** where log lines go (stdout when unset) */
  logStream?: NodeJS.WritableStream;
  /** the data: none, as configured; `{}` is a throwaway in-memory PGlite */
  storage?: Storage;
  /** the clock the seats' timers run on (real time when unset) */
  clock?: Timers | Clock;
  /** Told of every route as it is added, with its schema (the fuzz lists the routes so). */
  onRoute?: (route: RouteOptions) => void;
}

function fastify(config: Config, opts: AppOptions) {
  return Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Tokens and passwords never reach a log line: requests are logged without headers or
      // bodies, and token parameters in URLs are hidden.
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: loggableUrl(req.url),
          remoteAddress: req.ip,
        }),
        // Database errors by class and code only: their SQL and parameters hold hashes and PINs.
        err: serializeError as (err: Error) => { type: string; message: string; stack: string },
      },
      hooks: { logMethod: logMethodHook as never },
      redact: {
        paths: [
          '*.token',
          '*.password',
          '*.oldPassword',
          '*.newPassword',
          '*.pin',
          '*.pin_code',
          '*.authorization',
        ],
        censor: '[redacted]',
      },
    },
    // Only the configured proxies' X-Forwarded-For names the client (TRUST_PROXY).
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 64 * 1024,
    // Refusals before a route runs answer in the app's error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
}

/** The server, ready and not listening: `listen()` to serve, `close()` to stop it all in order. */
export async function createApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = fastify(config, opts);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(withSharedAnswers(serializerCompiler));
  installErrorHandler(app);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  try {
    // Closed in the reverse order: sockets end first, the database last.
    await app.register(configPlugin, { config });
    await app.register(database, opts.storage ? { storage: opts.storage } : {});
    await app.register(helmet);
    await app.register(crossOrigin);
    await app.register(rateLimit);
    await app.register(playerApp);
    await app.register(sockets);
    // Before the routes: the API document is built from each route as it is added.
    await app.register(openapi);

    // First of the services: every later one reads the settings with the console's layer in.
    await app.register(consoleSettings);
    await app.register(seed);
    // Before the wallet, the accounts and the seats: each runs its checks.
    await app.register(protection, opts.clock ? { clock: opts.clock } : {});
    await app.register(wallet);
    await app.register(notice);
    await app.register(audit);
    await app.register(accounts);
    await app.register(localAgent);
    await app.register(floor);
    await app.register(media);
    await app.register(agents);
    // Before the seats and the lobby: with several instances they ask it which machines are here.
    await app.register(cluster);
    await app.register(seats, opts.clock ? { clock: opts.clock } : {});
    await app.register(playGuard);
    await app.register(lobby);
    await app.register(waitList);
    await app.register(backOffice);
    await app.register(metrics);
    await app.register(lifecycle);

    await app.register(routes);
    await app.ready();
  } catch (err) {
    // What did start (the database, the floor's timers) stops; the cause is the caller's to show.
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
