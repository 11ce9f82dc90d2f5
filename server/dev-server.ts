/** `npm run dev`: React Router's Vite dev server hands requests to this Fastify app (hot reload included). */
import type { ViteDevServer } from 'vite';
import { buildApp } from './app.ts';
import { prepareRuntime } from './start.ts';

export async function createServer(vite: ViteDevServer) {
  const runtime = await prepareRuntime({ NODE_ENV: 'development', ...process.env });
  return buildApp({ ...runtime, pages: { devServer: vite } });
}
