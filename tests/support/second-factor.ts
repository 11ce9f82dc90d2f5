/**
 * The tests' authenticator app (issue 42): every test that signs in someone of the back office sets up a real
 * TOTP through the API and computes its codes here, as a phone would; nothing turns the second factor off.
 *
 * The server accepts each thirty-second step once (RFC 6238 §5.2) and one step either side of its clock, so an
 * account may sign in twice within one step: the second code is the next step's.
 */
import * as OTPAuth from 'otpauth';
import { TOTP, TOTP_WINDOW } from '../../domain/second-factor.ts';

const stepAt = (now: number) => Math.floor(now / 1000 / TOTP.period);

/** The code of `secret` (base32) for the step holding `now`, or for an explicit step. */
export function totpCode(secret: string, step = stepAt(Date.now())): string {
  return OTPAuth.TOTP.generate({
    ...TOTP,
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: step * TOTP.period * 1000,
  });
}

/** One person's app: each code it gives is of a step the server has not seen yet. */
export class Authenticator {
  private lastStep = -1;
  readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  /** The step the set-up's first code used: the next code must be a later one. */
  used(step: number) {
    this.lastStep = Math.max(this.lastStep, step);
  }

  nextCode(now = Date.now()): string {
    const step = Math.max(stepAt(now), this.lastStep + 1);
    if (step > stepAt(now) + TOTP_WINDOW)
      throw new Error(
        'more than two codes of one account within thirty seconds: sign in once and keep the session',
      );
    this.used(step);
    return totpCode(this.secret, step);
  }
}

/** What the helpers need of an HTTP client: a JSON call answering its status and body. */
export type JsonCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/**
 * Sets up an authenticator app in the session `call` carries, as the security page does: the secret, then a first
 * code. The session then counts as having passed the second factor.
 */
export async function enrolTotp(
  call: JsonCall,
): Promise<{ authenticator: Authenticator; recoveryCodes: string[] }> {
  const started = await call('POST', '/api/me/second-factors/totp');
  if (started.status !== 201)
    throw new Error(`TOTP set-up refused: ${started.status} ${JSON.stringify(started.body)}`);
  const authenticator = new Authenticator((started.body as { secret: string }).secret);
  const confirmed = await call('POST', '/api/me/second-factors/totp/confirm', {
    code: authenticator.nextCode(),
  });
  if (confirmed.status !== 200)
    throw new Error(`TOTP confirmation refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { authenticator, recoveryCodes: (confirmed.body as { recovery_codes: string[] }).recovery_codes };
}

/**
 * Signs in with the password and then the app's code; answers the session's token. `call` must not carry a
 * session of its own.
 */
export async function signInWithCode(
  call: JsonCall,
  credentials: { email: string; password: string },
  authenticator: Authenticator,
): Promise<string> {
  const login = await call('POST', '/api/login', credentials);
  const first = login.body as { ticket?: string; token?: string };
  if (login.status !== 200 || !first.ticket)
    throw new Error(`sign-in did not ask for a code: ${login.status} ${JSON.stringify(login.body)}`);
  const second = await call('POST', '/api/login/second-factor', {
    ticket: first.ticket,
    code: authenticator.nextCode(),
  });
  if (second.status !== 200)
    throw new Error(`the code was refused: ${second.status} ${JSON.stringify(second.body)}`);
  return (second.body as { token: string }).token;
}

/** The API of a running server through `fetch`; with `token`, in that session. */
export function fetchCall(baseUrl: string, token?: string): JsonCall {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}
