import { Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../domain/locales.ts';
import { createI18n } from './i18n/i18n.ts';
import { SERVER_RESOURCES } from './i18n/resources.server.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { deferHydrationUntilPainted } from './lib/paint-first.server.ts';
import { completePageWithoutClient } from './lib/page-without-client.server.ts';
import { buildStylesheetReader } from './lib/inline-stylesheets.server.ts';

export const streamTimeout = 5_000;

// In production this module is build/server/index.js, beside the client build.
const buildStylesheets = import.meta.env.PROD
  ? buildStylesheetReader(fileURLToPath(new URL('../client', import.meta.url)))
  : undefined;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const firstSegment = new URL(request.url).pathname.split('/')[1];
  const locale = localeOr(firstSegment);
  const i18n = createI18n(locale, SERVER_RESOURCES, Object.keys(SERVER_RESOURCES[locale] ?? {}));
  const nonce = loadContext.get(requestContext).nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Pages wait for all content: every public page is complete HTML before any script runs.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The whole document is ready (onAllReady), so it is rewritten in one piece.
          const chunks: Buffer[] = [];
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            flush(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const html = Buffer.concat(chunks).toString('utf8');
              callback(
                null,
                completePageWithoutClient(deferHydrationUntilPainted(html), {
                  nonce,
                  locale,
                  routeModules: routerContext.routeModules,
                  serviceWorker: import.meta.env.PROD,
                  stylesheets: buildStylesheets,
                }),
              );
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
