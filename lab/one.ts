/**
 * One lab run, its files kept: `node lab/one.ts <dir> [switches JSON] [schedule JSON]`.
 * Prints "tick <n>" as the run goes (tests/lab kill it part-way) and the verdict at the end.
 */
import { MAIN } from '../src/model/switches.ts';
import { BASE_SCHEDULE } from '../src/model/schedule.ts';
import { SECTION_TEXT } from '../src/model/world.ts';
import { Pool, runOnce } from './run.ts';

const [dir, sw = '{}', sc = '{}'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node lab/one.ts <dir> [switches JSON] [schedule JSON]');
  process.exit(2);
}
const pool = new Pool(3);
try {
  const r = await runOnce(
    { ...MAIN, ...JSON.parse(sw) },
    { ...BASE_SCHEDULE, ...JSON.parse(sc) },
    {
      dir,
      tickMs: 40,
      report: SECTION_TEXT,
      pool,
      keepFiles: true,
      onTick: (t) => console.log(`tick ${t}`),
    },
  );
  console.log(JSON.stringify(r.verdict));
} finally {
  await pool.close();
}
