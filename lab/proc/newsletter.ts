/**
 * The newsletter, a dependant in its own process: ready 12 ticks after the
 * first attempt's launch (`readyAtUs`, on the machine's monotonic clock), then once a tick it asks the journal
 * store to admit it under its rule; the store decides and records the
 * admission in one transaction. LAB_MUTANT=rule relaxes current-accepted to
 * any-accepted.
 */
import { call, conf, MUTANT, now, sleep, TICK } from './common.ts';

const rule = MUTANT === 'rule' && conf.rule === 'current-accepted' ? 'any-accepted' : conf.rule;
await sleep(Math.max(0, (conf.readyAtUs - now()) / 1000));
for (let i = 0; i < conf.maxTicks; i++) {
  const r = await call(`${conf.store}/newsletter`, { rule }, 'admit', { rule });
  if (r.ok && r.body?.admitted) break;
  await sleep(TICK);
}
process.exit(0);
