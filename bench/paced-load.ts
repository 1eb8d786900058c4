// An open-loop load at a steady rate: request k leaves at start + k/rate, and its latency counts
// from that planned moment (so a stalled server cannot hide its queue: no coordinated omission).
// autocannon's `overallRate` sends each second's quota as fast as it can when the second begins,
// which measures a burst at full speed rather than the rate; this measures the rate itself.
// Runs in a worker thread so it does not share the server's event loop.
import { Worker } from 'node:worker_threads';

export interface PacedOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}
export interface PacedFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

const WORKER = `
const { parentPort, workerData: o } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
const total = Math.round(o.rate * o.seconds), interval = 1000 / o.rate;
const lat = []; let errors = 0, non2xx = 0, done = 0, sent = 0;
const url = new URL(o.url);
const start = performance.now() + 50;
function fire(planned) {
  const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: o.headers }, (res) => {
    if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
    res.resume();
    res.on('end', () => { lat.push(performance.now() - planned); finish(); });
  });
  req.on('error', () => { errors++; finish(); });
  req.end();
}
function finish() {
  if (++done < total) return;
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p) => lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] : 0;
  parentPort.postMessage({ rps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), max: lat[lat.length - 1] ?? 0, errors, non2xx });
  agent.destroy();
}
function pump() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) fire(start + sent++ * interval);
  if (sent < total) setTimeout(pump, Math.max(0, start + sent * interval - performance.now() - 1));
}
setTimeout(pump, 50);
`;

export function pacedLoad(o: PacedOptions): Promise<PacedFigures> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: o });
    w.once('message', (m: PacedFigures) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}
