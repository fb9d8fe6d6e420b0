// The six information pages of §2 (/terms-of-use.html?lang=tr …) and their stylesheet. Public:
// terms and privacy must be readable before signing in. Framed by the player app only.
import { readFileSync } from 'node:fs';
import { games } from '@reelcast/egm';
import { infoPageQuery } from '@reelcast/protocol/info';
import { type InfoLanguage, infoLanguages, infoPages } from '@reelcast/protocol/info-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { infoStylesheet } from '../../paths';
import { lobbyRepository } from '../lobby/repository';
import { ar } from './content/ar';
import { en } from './content/en';
import { tr } from './content/tr';
import { parFigures } from './par-sheets';
import { type FloorGame, paytablesTitle, renderPaytables } from './paytables';
import { INFO_STYLESHEET, type InfoTexts, renderPage } from './render';

const content: Record<InfoLanguage, InfoTexts> = { en, tr, ar };
// From the server's root, so the built server (dist/) finds it too.
const stylesheet = readFileSync(infoStylesheet, 'utf8');

/**
 * Stricter than the app's own policy: no script at all, and only our player app may frame it,
 * here or from an allowed origin (ALLOWED_ORIGINS).
 */
const pageCsp = (allowedOrigins: readonly string[]) =>
  [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    ["frame-ancestors 'self'", ...allowedOrigins].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

async function floorGames(db: Db): Promise<FloorGame[]> {
  const machines = await lobbyRepository.machines(db);
  const byGame = new Map<string, string[]>();
  for (const m of machines) {
    if (!m.enabled || !games[m.game]) continue;
    const label = m.brandName ? `${m.brandName} · ${m.name}` : m.name;
    byGame.set(m.game, [...(byGame.get(m.game) ?? []), label]);
  }
  return Promise.all(
    [...byGame].map(async ([id, labels]) => ({
      game: games[id]!,
      figures: await parFigures(id),
      machines: labels,
    })),
  );
}

/** An answer that is no JSON, as the API document (/docs) tells it. */
const answerOf = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

export const infoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app;
  const { db } = app.database;
  const csp = pageCsp(app.config.ALLOWED_ORIGINS);
  app.get(
    INFO_STYLESHEET,
    { schema: { response: { 200: answerOf('text/css', 'The stylesheet') } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('text/css; charset=utf-8').send(stylesheet);
    },
  );

  for (const page of infoPages) {
    const schema = {
      querystring: infoPageQuery,
      response: { 200: answerOf('text/html', 'The page, in the language asked for') },
    };
    app.get(`/${page}.html`, { schema }, async (request, reply) => {
      const served = settings.current();
      const fallback = infoLanguages.find((l) => l === served.DEFAULT_LANGUAGE) ?? 'en';
      const language: InfoLanguage = request.query.lang ?? fallback;
      const html =
        page === 'paytables'
          ? renderPage(
              language,
              paytablesTitle(language),
              renderPaytables(language, served.CURRENCY, await floorGames(db)),
            )
          : renderPage(language, content[language][page].title, content[language][page].body);
      reply.header('content-security-policy', csp);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }
};
