import http from 'node:http';
import { LAUREATE_QUERIES } from './bench-site.ts';
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const times: number[] = [];
const get = (path: string) => new Promise<void>((resolve) => {
  const t = performance.now();
  http.get({ host: '127.0.0.1', port: 4777, path, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => { res.resume(); res.on('end', () => { times.push(performance.now() - t); resolve(); }); });
});
const all: Promise<void>[] = [];
for (let i = 0; i < 300; i++) { all.push(get(LAUREATE_QUERIES[i % 8]!)); await new Promise((r) => setTimeout(r, 33)); }
await Promise.all(all);
times.sort((a, b) => a - b);
console.log('node client p50', times[150]!.toFixed(1), 'p90', times[270]!.toFixed(1), 'p99', times[297]!.toFixed(1));
agent.destroy();
