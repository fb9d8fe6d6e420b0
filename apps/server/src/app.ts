// buildApp() assembles the whole server without listening, for main.ts and for tests.
// Order: external plugins (helmet, rate-limit, static) → services → routes → sockets.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Server } from 'socket.io';
import { installErrorHandler } from './http/error-handler';
import { authRoutes } from './modules/auth/routes';
import { attachMachineGateway } from './modules/gateway/machine-gateway';
import { lobbyRoutes } from './modules/lobby/routes';
import { playerRoutes } from './modules/player/routes';
import { settingsRoutes } from './modules/settings/routes';
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
  opts: { logStream?: NodeJS.WritableStream } = {},
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
      },
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes set by React through the CSSOM need no exception; the toast
        // library injects one stylesheet, hence 'unsafe-inline' for styles only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
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
  await app.register(settingsRoutes(services));
  app.get('/healthz', async (_request, reply) => {
    if (services.floor.size === 0) return reply.status(503).send({ status: 'starting' });
    return { status: 'ok', machines: services.floor.size };
  });

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
  app.addHook('onClose', async () => {
    await io.close();
  });
  return { app, io };
}
