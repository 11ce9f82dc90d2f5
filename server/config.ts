/**
 * Every environment variable the server reads, parsed once with zod. A wrong value stops start-up with a
 * message naming the variable; every default runs on a fresh machine.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from '../domain/schemas/zod.ts';
import { openingHoursSchema } from '../domain/opening-hours.ts';
import type { Period } from '../domain/retention-period.ts';
import { CHALLENGE_IDS, type ChallengeId } from '../domain/ventoux.ts';
import { DEFAULT_PICKUP_POINTS } from './content/pickup-points.ts';
import { parseEncryptionKey } from './services/rides/token-cipher.ts';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

/** `name=url` pairs separated by commas, e.g. `facebook=https://facebook.com/club,instagram=https://...`. */
const socialLinks = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const links: { name: string; url: string }[] = [];
    for (const pair of (value ?? '').split(',').filter((part) => part.trim())) {
      const [name, url] = pair.split('=').map((part) => part.trim());
      if (!name || !url || !z.url().safeParse(url).success) {
        ctx.addIssue({
          code: 'custom',
          message: `expected name=url pairs separated by commas, got "${pair}"`,
        });
        return z.NEVER;
      }
      links.push({ name, url });
    }
    return links;
  });

/**
 * Pick-up points for the registration kit, as JSON:
 * `[{"id":"bedoin","name":"…","address":"…","hours":{"days":[1,2,3,4,5,6],"periods":[["09:00","12:30"]]}}]`.
 */
const pickupPoint = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  address: z.string().min(1),
  hours: openingHoursSchema,
});

const pickupPoints = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return DEFAULT_PICKUP_POINTS;
    try {
      return z.array(pickupPoint).min(1).parse(JSON.parse(value));
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'expected a JSON list of {"id","name","address","hours":{"days","periods"}}',
      });
      return z.NEVER;
    }
  });

/**
 * The club's postal address, where riders post their route card: its lines separated by real line breaks or by
 * the two characters `\n` (what one line of an environment file can hold), e.g.
 * `Club des Cinglés du Mont-Ventoux\nBP 12\n84410 Bédoin\nFrance`. Blank lines are dropped.
 */
const postalAddress = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const lines = (value ?? '')
      .split(/\r?\n|\\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) return undefined;
    if (lines.length < 2 || lines.length > 8 || lines.some((line) => line.length > 100)) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected 2 to 8 lines of at most 100 characters, separated by \\n (or real line breaks)',
      });
      return z.NEVER;
    }
    return lines;
  });

/** Where each challenge's homologation numbers continue from: `cingle=11968,galerien=612,bicingle=219`. */
const homologationOffsets = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const offsets: Record<string, number> = {};
    for (const pair of (value ?? '').split(',').filter((part) => part.trim())) {
      const [challenge, number] = pair.split('=').map((part) => part.trim());
      if (
        !challenge ||
        !(CHALLENGE_IDS as readonly string[]).includes(challenge) ||
        !/^\d+$/.test(number ?? '')
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `expected challenge=number pairs (${CHALLENGE_IDS.join(', ')}), got "${pair}"`,
        });
        return z.NEVER;
      }
      offsets[challenge] = Number(number);
    }
    return offsets as Partial<Record<ChallengeId, number>>;
  });

/** An IPv4 or IPv6 address, optionally with a prefix length (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For), for Fastify's `trustProxy`: unset trusts none
 * (a forged header would otherwise give every request a fresh per-IP budget), a number trusts that many hops,
 * a comma list trusts those addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const trimmed = value?.trim() ?? '';
    if (!trimmed) return false;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !isAddressOrCidr(entry));
    if (wrong !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or addresses/CIDR ranges separated by commas, got "${wrong}"`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A retention period's amount (docs/DEPLOY.md): at least one, so that nothing is deleted the moment it is made. */
const retentionAmount = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Club des Cinglés du Mont-Ventoux <noreply@localhost>'),
  CONTACT_EMAIL: z.email().default('contact@clubcinglesventoux.org'),
  SHOP_URL: z.url().default('https://boutique.clubcinglesventoux.org'),
  SOCIAL_LINKS: socialLinks,
  /**
   * PRICE_CENTS, REFUND_FEE_CENTS (kept on an approved cancellation request, decision 0039), PICKUP_POINTS,
   * CLUB_POSTAL_ADDRESS and CONTACT_EMAIL are version 1 of the club's settings, which the back office changes
   * (services/platform/settings.ts, decision 0053): read them there, never here.
   */
  PRICE_CENTS: z.coerce.number().int().positive().default(2500),
  CLUB_POSTAL_ADDRESS: postalAddress,
  REFUND_FEE_CENTS: z.coerce.number().int().min(0).max(100_000).default(0),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_API_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(5).default(60),
  POSTAL_WORKING_DAYS: z.coerce.number().int().min(0).max(60).default(10),
  PICKUP_POINTS: pickupPoints,
  HOMOLOGATION_OFFSETS: homologationOffsets,
  RATE_LIMIT_IP_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** How long a passed second factor allows a refund, a role change or another person's data (issue 42). */
  STEP_UP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  BOOTSTRAP_ADMIN_EMAIL: z.email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PAYMENTS_TEST_MODE: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  TRUST_PROXY: trustProxy,
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** The embedded database's buffer cache (decision 0052): sized for a small server, PostgreSQL's is 128. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  DIPLOMA_SIGNING_KEY: optionalString,
  STRAVA_CLIENT_ID: optionalString,
  STRAVA_CLIENT_SECRET: optionalString,
  STRAVA_OAUTH_URL: optionalUrl,
  STRAVA_API_URL: optionalUrl,
  RWGPS_CLIENT_ID: optionalString,
  RWGPS_CLIENT_SECRET: optionalString,
  RWGPS_URL: optionalUrl,
  INTERVALS_CLIENT_ID: optionalString,
  INTERVALS_CLIENT_SECRET: optionalString,
  INTERVALS_URL: optionalUrl,
  TOKEN_ENCRYPTION_KEY: optionalString.refine((value) => value === undefined || isEncryptionKey(value), {
    message: 'expected 32 bytes, as 64 hex digits or 44 base64 characters',
  }),
  RETENTION_UNPAID_ORDERS_DAYS: retentionAmount(30),
  RETENTION_UNVERIFIED_ACCOUNTS_DAYS: retentionAmount(30),
  RETENTION_MAIL_MONTHS: retentionAmount(12),
  RETENTION_AUDIT_YEARS: retentionAmount(5),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  METRICS: z.enum(['on', 'off']).default('on'),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 24, {
    message: 'expected at least 24 characters (openssl rand -hex 24)',
  }),
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
});

export function parseConfig(environment: Record<string, string | undefined> = process.env) {
  const result = environmentSchema.safeParse(environment);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  if (env.WORKERS > 1 && !env.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  WORKERS: ${env.WORKERS} processes need DATABASE_URL (PostgreSQL); the embedded database serves one process only. Unset WORKERS or set DATABASE_URL.`,
    );
  const payments = paymentsConfig(env, publicUrl);
  // Riders post their route card to it: a site that takes real money must say where (docs/DEPLOY.md).
  if (!payments.testMode && !env.CLUB_POSTAL_ADDRESS)
    throw new ConfigError(
      'Invalid configuration:\n  CLUB_POSTAL_ADDRESS: required when payments are live (Stripe or PayPal without ' +
        'PAYMENTS_TEST_MODE=true): riders post their route card to it. Write its lines separated by \\n, e.g. ' +
        '"Club des Cinglés du Mont-Ventoux\\nBP 12\\n84410 Bédoin\\nFrance".',
    );
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    shopUrl: env.SHOP_URL,
    socialLinks: env.SOCIAL_LINKS,
    priceCents: env.PRICE_CENTS,
    refundFeeCents: env.REFUND_FEE_CENTS,
    payments,
    /** Undefined in test mode only, where the site shows a demonstration address (services/platform/club-address.ts). */
    clubPostalAddress: env.CLUB_POSTAL_ADDRESS,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    demoContent: env.DEMO_CONTENT,
    orderExpiryMinutes: env.ORDER_EXPIRY_MINUTES,
    postalWorkingDays: env.POSTAL_WORKING_DAYS,
    pickupPoints: env.PICKUP_POINTS,
    homologationOffsets: env.HOMOLOGATION_OFFSETS,
    rateLimitIpFactor: env.RATE_LIMIT_IP_FACTOR,
    stepUpMinutes: env.STEP_UP_MINUTES,
    workers: env.WORKERS,
    bootstrapAdmin:
      env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD
        ? { email: env.BOOTSTRAP_ADMIN_EMAIL, password: env.BOOTSTRAP_ADMIN_PASSWORD }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    pageCacheMb: env.PAGE_CACHE_MB,
    embeddedDatabase: { sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB },
    // A PEM in one environment line has its line breaks written as \n.
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    diplomaSigningKey: env.DIPLOMA_SIGNING_KEY?.replaceAll('\\n', '\n'),
    strava: stravaConfig(env),
    rideWithGps: rideWithGpsConfig(env),
    intervals: intervalsConfig(env),
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY,
    metrics: { enabled: env.METRICS === 'on', token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    retention: {
      unpaidOrders: { amount: env.RETENTION_UNPAID_ORDERS_DAYS, unit: 'day' },
      unverifiedAccounts: { amount: env.RETENTION_UNVERIFIED_ACCOUNTS_DAYS, unit: 'day' },
      mail: { amount: env.RETENTION_MAIL_MONTHS, unit: 'month' },
      audit: { amount: env.RETENTION_AUDIT_YEARS, unit: 'year' },
    } satisfies Record<string, Period>,
  };
}

export type Config = ReturnType<typeof parseConfig>;

type ParsedEnvironment = z.output<typeof environmentSchema>;

/**
 * The payment providers that are on. A provider is on when every one of its variables is set; some but not all
 * stops the start. The test provider (no money moves) is on only when asked, or by default on a local site with
 * no real provider, so that a public site never takes orders it is not paid for.
 */
function paymentsConfig(env: ParsedEnvironment, publicUrl: string) {
  const stripe = complete('Stripe', {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
  });
  const paypal = complete('PayPal', {
    PAYPAL_CLIENT_ID: env.PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: env.PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: env.PAYPAL_WEBHOOK_ID,
  });
  const realProvider = Boolean(stripe || paypal);
  const testMode = env.PAYMENTS_TEST_MODE ?? (!realProvider && isLocalUrl(publicUrl));
  if (!realProvider && !testMode) {
    throw new ConfigError(
      'Invalid configuration:\n  no payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (card), ' +
        'or PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID (wallet), or PAYMENTS_TEST_MODE=true ' +
        `to take test payments where no money moves (PUBLIC_URL ${publicUrl} is not a local address)`,
    );
  }
  return {
    stripe: stripe && {
      secretKey: stripe.STRIPE_SECRET_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
    },
    paypal: paypal && {
      clientId: paypal.PAYPAL_CLIENT_ID,
      clientSecret: paypal.PAYPAL_CLIENT_SECRET,
      webhookId: paypal.PAYPAL_WEBHOOK_ID,
      apiUrl: (env.PAYPAL_API_URL ?? 'https://api-m.paypal.com').replace(/\/+$/, ''),
    },
    testMode,
  };
}

/** Strava is on when both its credentials are set (docs/DEPLOY.md says how the club gets them). */
function stravaConfig(env: ParsedEnvironment) {
  const credentials = complete('Strava', {
    STRAVA_CLIENT_ID: env.STRAVA_CLIENT_ID,
    STRAVA_CLIENT_SECRET: env.STRAVA_CLIENT_SECRET,
  });
  return (
    credentials && {
      clientId: credentials.STRAVA_CLIENT_ID,
      clientSecret: credentials.STRAVA_CLIENT_SECRET,
      oauthUrl: env.STRAVA_OAUTH_URL ?? 'https://www.strava.com/oauth',
      apiUrl: env.STRAVA_API_URL ?? 'https://www.strava.com/api/v3',
    }
  );
}

/** Ride with GPS is on when both its API client's credentials are set (docs/DEPLOY.md). */
function rideWithGpsConfig(env: ParsedEnvironment) {
  const credentials = complete('Ride with GPS', {
    RWGPS_CLIENT_ID: env.RWGPS_CLIENT_ID,
    RWGPS_CLIENT_SECRET: env.RWGPS_CLIENT_SECRET,
  });
  return (
    credentials && {
      clientId: credentials.RWGPS_CLIENT_ID,
      clientSecret: credentials.RWGPS_CLIENT_SECRET,
      url: env.RWGPS_URL ?? 'https://ridewithgps.com',
    }
  );
}

/** intervals.icu is on when both its application's credentials are set (docs/DEPLOY.md). */
function intervalsConfig(env: ParsedEnvironment) {
  const credentials = complete('intervals.icu', {
    INTERVALS_CLIENT_ID: env.INTERVALS_CLIENT_ID,
    INTERVALS_CLIENT_SECRET: env.INTERVALS_CLIENT_SECRET,
  });
  return (
    credentials && {
      clientId: credentials.INTERVALS_CLIENT_ID,
      clientSecret: credentials.INTERVALS_CLIENT_SECRET,
      url: env.INTERVALS_URL ?? 'https://intervals.icu',
    }
  );
}

function isEncryptionKey(value: string): boolean {
  try {
    parseEncryptionKey(value);
    return true;
  } catch {
    return false;
  }
}

/** All the variables of one provider, or undefined when none is set; some but not all stops the start. */
function complete<K extends string>(
  provider: string,
  variables: Record<K, string | undefined>,
): Record<K, string> | undefined {
  const entries = Object.entries(variables) as [K, string | undefined][];
  const missing = entries.filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === entries.length) return undefined;
  if (missing.length > 0) {
    const set = entries.filter(([, value]) => value).map(([name]) => name);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required for ${provider} when ${set.join(', ')} ` +
        `${set.length > 1 ? 'are' : 'is'} set`,
    );
  }
  return variables as Record<K, string>;
}

/** localhost (and its subdomains), the IPv4 loopback network and ::1. */
function isLocalUrl(url: string): boolean {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '::1'
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
