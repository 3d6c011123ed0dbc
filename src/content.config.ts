// Long-form pages authored in MDX: the article and the technical companion.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    /** one sentence under the title (TitleBlock) */
    subtitle: z.string().optional(),
    /** a kicker above the title */
    kicker: z.string().optional(),
  }),
});

export const collections = { pages };
