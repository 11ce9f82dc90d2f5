/**
 * The context token that carries the server's per-request values into React Router middleware and loaders.
 * Imported by the Fastify server and by the route modules through the package import `#request-context`,
 * which the SSR build keeps external, so both sides share one token (and loaders call services in-process).
 */
import { createContext } from 'react-router';
import type { Services } from '../../server/services/index.ts';
import type { SessionUser } from '../../server/services/sessions.ts';

export interface PublicSettings {
  publicUrl: string;
  shopUrl: string;
  contactEmail: string;
  socialLinks: { name: string; url: string }[];
  /** Payments go to the built-in test provider: every page says that no money moves. */
  paymentsTestMode: boolean;
}

export interface RequestContextValue {
  services: Services;
  user: SessionUser | null;
  settings: PublicSettings;
  /** CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
}

export const requestContext = createContext<RequestContextValue>();
