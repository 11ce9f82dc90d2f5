import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { inlineScriptPlugin, themeStylesheetPlugin } from './scripts/vite-plugins.ts';

export default defineConfig({
  plugins: [
    themeStylesheetPlugin(),
    inlineScriptPlugin(),
    reactRouter(),
    // `#request-context` stays external in the SSR build so the server and the loaders share one context token.
    fastifyReactRouterDev({
      entry: './server/dev-server.ts',
      externalizeServerEntryImports: ['#request-context'],
    }),
  ],
  optimizeDeps: {
    include: ['@mantine/core', '@mantine/hooks', '@mantine/nprogress', 'i18next', 'react-i18next'],
    exclude: ['@electric-sql/pglite', 'pg', 'drizzle-orm'],
  },
  ssr: {
    external: ['@electric-sql/pglite', 'pg', 'drizzle-orm'],
    // Bundled so that only the icons in use reach the server: the package as a whole (every icon) cost about
    // 65 MB of each process's memory (decision 0054).
    noExternal: ['@tabler/icons-react', /^@mantine\//],
  },
  build: {
    target: 'es2022',
    // Read by scripts/build-service-worker.ts to list the offline pages' files, then removed.
    manifest: true,
  },
});
