import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import { AppError } from '../errors.ts';
import { CLI, administrator, signedIn, withVerifiedEmail } from './guards.ts';

const rider: SessionUser = {
  id: 7,
  email: 'rider@example.org',
  prenom: 'Ada',
  nom: 'Rider',
  role: 'user',
  president: false,
  locale: 'fr',
  emailVerified: true,
};
const admin: SessionUser = { ...rider, id: 1, role: 'admin' };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}` : 'other';
  }
  return 'allowed';
};

describe('guards', () => {
  it('asks a visitor to sign in and refuses a tool what a person owns', () => {
    expect(refusal(() => signedIn(null))).toBe('401 unauthorized');
    expect(refusal(() => signedIn(undefined))).toBe('401 unauthorized');
    expect(refusal(() => signedIn(CLI))).toBe('403 forbidden');
    expect(signedIn(rider)).toBe(rider);
  });

  it('needs a confirmed address for what belongs to its owner', () => {
    expect(refusal(() => withVerifiedEmail({ ...rider, emailVerified: false }))).toBe(
      '403 email_not_verified',
    );
    expect(refusal(() => withVerifiedEmail(null))).toBe('401 unauthorized');
    expect(withVerifiedEmail(rider)).toBe(rider);
  });

  it('lets administrators and the club tools administer, nobody else', () => {
    expect(refusal(() => administrator(rider))).toBe('403 forbidden');
    expect(refusal(() => administrator(null))).toBe('401 unauthorized');
    expect(administrator(admin)).toBe(admin);
    expect(administrator(CLI)).toBeNull();
  });
});
