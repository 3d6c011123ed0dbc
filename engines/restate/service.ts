/**
 * A Restate service process: serves the digest workflow (job.ts) over HTTP/2
 * on 127.0.0.1, at a port the system picks, and tells the adapter which one
 * over IPC. It leaves when the adapter that started it goes away.
 */
import { createServer } from 'node:http2';
import * as restate from '@restatedev/restate-sdk';
import { digest } from './job.ts';

const server = createServer(restate.createEndpointHandler({ services: [digest] }));
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ port: typeof a === 'object' && a ? a.port : 0 });
});
process.on('disconnect', () => process.exit(0));
