/**
 * /social/<template>.png: the social preview image of each page template
 * (src/lib/social.ts draws it from the model's main trace; sharp rasterises it).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { MAIN, runAll, SWITCH_IDS, simulate } from '../../model/index.ts';
import { socialSvg, type SocialCard } from '../../lib/social.ts';

export const getStaticPaths: GetStaticPaths = () => {
  const runs = runAll().length;
  const cards: SocialCard[] = [
    {
      template: 'landing',
      kicker: 'An essay with a model',
      title: 'Work That Outlives Its Worker',
      line: `What must be written down, and by whom, so someone else can finish an agent’s job. ${runs} runs, each with its own page.`,
    },
    {
      template: 'article',
      kicker: 'The article',
      title: 'Picking up after a silent worker',
      line: 'Which records let someone else finish the job correctly, and who has to read each one.',
    },
    {
      template: 'companion',
      kicker: 'The technical companion',
      title: 'Saved, accepted, safe to use',
      line: 'Definitions, the recovery theory behind each record, traces with their arithmetic.',
    },
    {
      template: 'explorer',
      kicker: 'The explorer',
      title: `${SWITCH_IDS.length} switches, ${runs} runs`,
      line: 'Flip the protections off one by one and watch, tick by tick, which record catches each failure.',
    },
    {
      template: 'traces',
      kicker: 'All traces',
      title: `Every one of the ${runs} runs`,
      line: 'Each combination of the switches, its outcome and a permanent, citable page.',
    },
    {
      template: 'trace',
      kicker: 'A trace',
      title: 'One run, tick by tick',
      line: 'Every event, state and invariant of one setting of the switches, citable by URL.',
    },
    {
      template: 'model',
      kicker: 'The rules',
      title: 'The model, rule by rule',
      line: 'Every event in every trace links to the rule that produced it.',
    },
    {
      template: 'search',
      kicker: 'Search',
      title: 'Search the site',
      line: 'The article, the companion and every trace, searched in your browser.',
    },
  ];
  return cards.map((card) => ({ params: { template: card.template }, props: { card } }));
};

export const GET: APIRoute = async ({ props }) => {
  const svg = socialSvg(props.card as SocialCard, simulate(MAIN));
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
