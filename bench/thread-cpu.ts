// CPU time by thread of this process (Linux: /proc/self/task), so a bench can say how much of its
// CPU per action is the main thread's and how much V8's helper threads' (garbage collection and
// compilation), which profiles of the main thread do not show. Empty where /proc is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds by thread name (threads of one name added up). */
export function threadCpu(): Map<string, number> {
  const by = new Map<string, number>();
  if (!existsSync('/proc/self/task')) return by;
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const name = readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      by.set(name, (by.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return by;
}

/** µs per action of the main thread and of V8's helper threads between two readings. */
export function threadSplit(before: Map<string, number>, after: Map<string, number>, actions: number): { main: number; v8: number } | null {
  if (after.size === 0 || actions === 0) return null;
  const d = (name: string) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1e6;
  return { main: d('MainThread') / actions, v8: d('V8Worker') / actions };
}
