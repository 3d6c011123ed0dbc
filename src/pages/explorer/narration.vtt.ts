// /explorer/narration.vtt: the narrated walkthrough's cue file (WebVTT), one cue per spoken
// sentence, with its time on the whole walkthrough (the scenes' audio end to end). Written from
// the manifest `npm run narration` makes (src/data/narration.json); the player's captions show
// the same sentences at the same times.
import type { APIRoute } from 'astro';
import narration from '../../data/narration.json';
import { timeline, vtt } from '../../components/explorer/walkthrough.ts';

export const GET: APIRoute = () =>
  new Response(vtt(timeline(narration.scenes.map((s) => ({ title: '', src: '', ...s })))), {
    headers: { 'content-type': 'text/vtt; charset=utf-8' },
  });
