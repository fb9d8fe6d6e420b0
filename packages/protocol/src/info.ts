// Query of the information pages (§2): the language; anything else falls back to the default.
import { z } from 'zod';
import { infoLanguages } from './info-pages';

export const infoPageQuery = z.object({
  lang: z.enum(infoLanguages).optional().catch(undefined),
});
