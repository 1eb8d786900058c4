// Where the server's time per action goes (`BENCH_SPLIT=1 npm run bench:tables`): V8's sampling
// profiler over the measured windows only (not start-up), each sample's function put in one bucket
// by its file, and each bucket's busy time divided by the actions applied. Wall-clock samples of
// the main thread: a system call (a socket write) counts where it blocks, and the garbage
// collector's helper threads are not in it, so the buckets add up to a little less than
// `process.cpuUsage`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Buckets, first match wins: [name, test on the function's file (or native name)]. */
const BUCKETS: Array<[string, (url: string, fn: string) => boolean]> = [
  [
    'socket writes',
    (u, f) => /^(writev|writeBuffer|writeUtf8String)$/.test(f) || /node:(net|internal\/(streams|stream_base_commons))/.test(u) || u.includes('/ws/'),
  ],
  ['frames (JSON)', (u) => u.includes('/core/frame.') || u.includes('/realtime/')],
  ['views and patches', (u) => /\/tables\/(view|viewers)\./.test(u)],
  ['deck commitment', (u) => u.includes('/poker/fair/') || u.includes('/fair-end.')],
  ['hand record (PHH)', (u) => u.includes('/poker/phh/')],
  ['house bots', (u) => u.includes('/tables/bots/')],
  ['engine and table core', (u) => u.includes('/src/poker/')],
  ['database', (u) => /node_modules\/(pg|pg-protocol|pg-pool|drizzle-orm|@electric-sql)\//.test(u) || /\/(store-db|records|group-commit|ledger)\./.test(u)],
  ['garbage collection', (_u, f) => f === '(garbage collector)'],
  ['tables (actor, lifecycle)', (u) => u.includes('/server/tables/')],
  ['rest of the server', (u) => u.includes('/src/server/')],
];

export interface CpuSplit {
  /** µs per action of each bucket, busiest first; 'other' for the rest (node internals, metrics). */
  rows: Array<[string, number]>;
  busyUs: number;
}

export async function startSplit(): Promise<() => Promise<(actions: number) => CpuSplit>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    // BENCH_SPLIT_OUT=file.cpuprofile keeps the profile (Chrome's DevTools open it).
    if (process.env.BENCH_SPLIT_OUT) writeFileSync(process.env.BENCH_SPLIT_OUT, JSON.stringify(profile));
    return (actions) => split(profile, actions);
  };
}

function split(profile: Profile, actions: number): CpuSplit {
  const bucketOf = new Map<number, string | null>();
  for (const n of profile.nodes) {
    const { url, functionName } = n.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') bucketOf.set(n.id, null);
    else bucketOf.set(n.id, BUCKETS.find(([, test]) => test(url, functionName))?.[0] ?? 'other');
  }
  const us = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const b = bucketOf.get(id);
    if (!b) return;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    us.set(b, (us.get(b) ?? 0) + dt);
  });
  const rows = [...us].map(([name, t]): [string, number] => [name, t / actions]).sort((a, b) => b[1] - a[1]);
  return { rows, busyUs: busy / actions };
}
