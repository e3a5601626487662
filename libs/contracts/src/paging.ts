import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.js';

/** Query of every paged list. `onPage=false` asks for the whole list. */
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'page_size_invalid' })
    .default(DEFAULT_PAGE_SIZE),
  onPage: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(true),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
