// buildApp() assembles the whole server without listening, for main.ts and for tests.
// Order: external plugins (helmet, rate-limit, static) → services → routes → sockets.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { healthAnswer, healthStarting } from '@reelcast/protocol/http';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Server } from 'socket.io';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler';
import { logMethodHook, serializeError } from './http/log-errors';
import { authRoutes } from './modules/auth/routes';
import { peerConnectionCount } from './modules/gateway/machine-connection';
import { attachMachineGateway } from './modules/gateway/machine-gateway';
import { geoRoutes } from './modules/geo/routes';
import { infoRoutes } from './modules/info/routes';
import { attachLobbyGateway } from './modules/lobby/gateway';
import { lobbyRoutes } from './modules/lobby/routes';
import { attachNoticeGateway } from './modules/notice/gateway';
import { playerRoutes } from './modules/player/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { type ChatDirective, chatSources } from './modules/settings/chat-csp';
import { settingsRoutes } from './modules/settings/routes';
import { staffRoutes } from './modules/staff/routes';
import { walletRoutes } from './modules/wallet/routes';
import type { Services } from './services';

const defaultPlayerDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../player/dist',
);

/** A URL as it may be logged: the value of any token or password parameter is hidden. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|password)=)[^&#]*/gi, '$1[redacted]');
}

export async function buildApp(
  services: Services,
  opts: {
    logStream?: NodeJS.WritableStream;
    /** Told of every route as it is added, with its schema (the fuzz lists the routes so). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<{ app: FastifyInstance; io: Server }> {
  const app = Fastify({
    logger: {
      level: services.config.LOG_LEVEL,
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
    trustProxy: false,
    bodyLimit: 64 * 1024,
    // Refusals before a route runs answer in the app's error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // The configured live-chat provider's origins, read per response: a settings edit applies at once.
  const chat = (directive: ChatDirective) => () =>
    chatSources(services.settings.current(), directive);
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
  await app.register(rateLimit, { global: false });

  const dist = services.config.PLAYER_DIST ?? defaultPlayerDist;
  const haveClient = existsSync(path.join(dist, 'index.html'));
  if (haveClient) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: ['index.html'] });
  }

  await app.register(authRoutes(services));
  await app.register(playerRoutes(services));
  await app.register(lobbyRoutes(services));
  await app.register(walletRoutes(services));
  await app.register(sessionRoutes(services));
  await app.register(staffRoutes(services));
  await app.register(settingsRoutes(services));
  await app.register(geoRoutes(services));
  await app.register(infoRoutes(services));
  app.get(
    '/healthz',
    { schema: { response: { 200: healthAnswer, 503: healthStarting } } },
    async (_request, reply) => {
      if (services.floor.size === 0) return reply.status(503).send({ status: 'starting' });
      // peers: machine video peer connections open now (a player who left must leave none).
      return { status: 'ok' as const, machines: services.floor.size, peers: peerConnectionCount() };
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A page load of a client route (/login, /lobby/…) gets the app; API calls and missing
    // assets get the JSON 404.
    const wantsPage = String(request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && haveClient && wantsPage && !path.extname(url)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({
      ErrorMessage: errorMessages[ErrorCode.notFound],
      code: ErrorCode.notFound,
      Params: { path: url },
    });
  });

  const io = new Server(app.server, {
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 256 * 1024,
  });
  attachMachineGateway(io, services, app.log);
  attachLobbyGateway(io, services);
  attachNoticeGateway(io, services, app.log);
  app.addHook('onClose', async () => {
    await io.close();
  });
  return { app, io };
}
