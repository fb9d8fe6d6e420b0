// Server-side paging shared by every list answer (transactions, login log, …).
import { z } from 'zod';
import { countText } from './bounds';

/** Pages beyond this are refused: (page − 1) × pageSize stays a small integer for OFFSET. */
export const PAGE_MAX = 1_000_000;

export const pageQuery = z.object({
  page: countText(PAGE_MAX).default(1),
  pageSize: countText(200).default(50),
});

/** `{items, total, page, pageSize}` around an item schema. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
