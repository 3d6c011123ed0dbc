/**
 * A spare process: started ahead of need, it waits for the lab to give it a
 * role (one of the files beside it) and its settings, then becomes that
 * process for the rest of its life. Nothing is carried over: one spare, one
 * role, one run. It only takes the start-up time off the moment a process
 * is needed (a Node start costs more than many ticks on a loaded machine).
 */
process.once('message', async (m: { role: string; conf: string }) => {
  process.argv[2] = m.conf;
  await import(`./${m.role}.mjs`);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ op: 'spare' });
