// A port for a server a test starts later (a child process, a relay, a callback URL named before
// the listen). Drawn below Linux's ephemeral range (32768-60999): ports there are handed to every
// outgoing connection and every listen(0) of the parallel suites, so a port freed by a probe could
// be taken again before the child listened (EADDRINUSE in the crash suites under load).
import { createServer } from 'node:net';

const LOW = 20_000;
const HIGH = 32_000;

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await free(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
