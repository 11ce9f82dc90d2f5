/**
 * The context token that carries the server's per-request values into React Router middleware and loaders.
 * Imported by the Fastify server (server/plugins/pages.ts) and by the route modules through the package import
 * `#request-context`, which the SSR build keeps external, so both sides share one token (and loaders call
 * services in-process). It lives here, beside the types it carries, so that neither side imports the other; it
 * must import nothing at run time but react-router, since Node loads it directly next to the built pages.
 */
import { createContext } from 'react-router';
import type { Notice } from '../domain/notice.ts';
import type { SessionUser } from './account.ts';
import type { ActionServices } from './action-services.ts';
import type { LoaderServices } from './loader-services.ts';

export interface PublicSettings {
  publicUrl: string;
  shopUrl: string;
  contactEmail: string;
  socialLinks: { name: string; url: string }[];
  /** Payments go to the built-in test provider: every page says that no money moves. */
  paymentsTestMode: boolean;
  /** Kept by the club on an approved cancellation request, in cents (the rules page states it). */
  refundFeeCents: number;
  /** A kit's price in force today, in cents, and the next one when the club planned one (its settings). */
  priceCents: number;
  nextPrice: { from: string; cents: number } | null;
  /** The heat warning's period, month-day both ends inclusive (its settings). */
  heatWarning: { from: string; to: string };
  /** The club's notice when today is one of its days (its settings), on every page of the site's frame. */
  notice: Notice | null;
}

export interface RequestContextValue {
  services: LoaderServices;
  /** The writes of the page actions, bound to this request (its address, its cookies). */
  actions: ActionServices;
  user: SessionUser | null;
  settings: PublicSettings;
  /** CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
}

export const requestContext = createContext<RequestContextValue>();
