/**
 * Limits on sign-in attempts and on mails sent on request (per IP address, email, account or device), with
 * rate-limiter-flexible: in memory for one process, in Redis (REDIS_URL) when several instances must share the
 * count.
 */
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';
import { connectRedis } from '../../redis-client.ts';

export interface LimitRule {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export const SIGN_IN_LIMITS = {
  perIp: { keyPrefix: 'login-ip', points: 20, durationSeconds: 15 * 60 },
  /** Passkey challenges asked without a session (each is a row until it expires), apart from sign-in attempts. */
  passkeyOptionsPerIp: { keyPrefix: 'passkey-options-ip', points: 30, durationSeconds: 15 * 60 },
  /** Failures against one account from browsers it does not know (no valid device cookie). */
  perEmail: { keyPrefix: 'login-email', points: 5, durationSeconds: 15 * 60 },
  /** Failures from one browser where the owner signed in before: its own budget (decision 0011). */
  perDevice: { keyPrefix: 'login-device', points: 5, durationSeconds: 15 * 60 },
  /** Wrong codes typed in a session (confirming an app, a step-up): per account. */
  secondFactorPerAccount: { keyPrefix: 'second-factor', points: 5, durationSeconds: 15 * 60 },
  forgotPerIp: { keyPrefix: 'forgot-ip', points: 10, durationSeconds: 15 * 60 },
  /** Reset mails to one address, whether or not it has an account, so that a mailbox cannot be flooded. */
  forgotPerEmail: { keyPrefix: 'forgot-email', points: 3, durationSeconds: 60 * 60 },
  restrictionPerIp: { keyPrefix: 'restriction-ip', points: 10, durationSeconds: 15 * 60 },
  /** Verification mails: per requesting address, per account and per receiving address. */
  verificationPerIp: { keyPrefix: 'verification-ip', points: 10, durationSeconds: 15 * 60 },
  verificationPerAccount: { keyPrefix: 'verification-account', points: 3, durationSeconds: 60 * 60 },
  verificationPerEmail: { keyPrefix: 'verification-email', points: 3, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * `ipFactor` multiplies the per-IP budgets (RATE_LIMIT_IP_FACTOR): behind a shared address, such as a club's
 * computer room or the browser tests, many people legitimately sign in from one IP.
 */
export function createRateLimits({ redisUrl, ipFactor = 1 }: { redisUrl?: string; ipFactor?: number }) {
  const redis = redisUrl ? connectRedis(redisUrl, { enableOfflineQueue: false, lazyConnect: false }) : null;
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiter(rule: LimitRule): RateLimiterAbstract {
    let existing = limiters.get(rule.keyPrefix);
    if (!existing) {
      const options = {
        keyPrefix: `cv:${rule.keyPrefix}`,
        points: rule.keyPrefix.endsWith('-ip') ? rule.points * ipFactor : rule.points,
        duration: rule.durationSeconds,
      };
      existing = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(rule.keyPrefix, existing);
    }
    return existing;
  }

  return {
    /** Counts one attempt (or `points` of them); throws 429 `rate_limited` with Retry-After once the rule's budget is spent. */
    async consume(rule: LimitRule, key: string, points = 1): Promise<void> {
      try {
        await limiter(rule).consume(key, points);
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) throw result;
        const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        throw new AppError(429, 'rate_limited', 'Too many attempts, try again later', {
          headers: { 'retry-after': String(seconds) },
        });
      }
    },

    /** Spends the rule's budget for `seconds`: another service said to wait (e.g. Strava's 429). */
    async block(rule: LimitRule, key: string, seconds: number): Promise<void> {
      await limiter(rule).block(key, seconds);
    },

    /** A successful sign-in clears the failures counted against that email. */
    async reset(rule: LimitRule, key: string): Promise<void> {
      await limiter(rule).delete(key);
    },

    close(): void {
      redis?.disconnect();
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
