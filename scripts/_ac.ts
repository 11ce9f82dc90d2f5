import autocannon from 'autocannon';
import { LAUREATE_QUERIES } from './bench-site.ts';
const r = await autocannon({ url: 'http://127.0.0.1:4777', connections: 10, overallRate: 30, duration: 10, requests: LAUREATE_QUERIES.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })) });
console.log('autocannon', r.latency.p50, r.latency.p90, r.latency.p99, r.requests.total, r.non2xx);
