import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import { AppError } from '../errors.ts';
import {
  CLI,
  actorIdOf,
  hasVerifiedEmail,
  permitted,
  permittedPerson,
  permittedRecently,
  signedIn,
  staff,
  withVerifiedEmail,
} from './guards.ts';

const rider: SessionUser = {
  id: 7,
  email: 'rider@example.org',
  prenom: 'Ada',
  nom: 'Rider',
  roles: [],
  president: false,
  locale: 'fr',
  emailVerified: true,
  hasSecondFactor: true,
  secondFactorAt: '2026-11-27T08:00:00.000Z',
  secondFactorRecent: true,
};
const admin: SessionUser = { ...rider, id: 1, roles: ['desk', 'president', 'treasurer', 'admin'] };
const desk: SessionUser = { ...rider, id: 2, roles: ['desk'] };
const treasurer: SessionUser = { ...rider, id: 3, roles: ['treasurer'] };

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
    // The same rule, asked without refusing (the account page shows why instead).
    expect(hasVerifiedEmail(rider)).toBe(rider.emailVerified);
    expect(hasVerifiedEmail({ ...rider, emailVerified: false })).toBe(false);
    expect(hasVerifiedEmail(null)).toBe(false);
    expect(hasVerifiedEmail(CLI)).toBe(false);
    expect(withVerifiedEmail(rider)).toBe(rider);
  });

  it('lets a person act where their roles allow it, and the club tools everywhere', () => {
    expect(refusal(() => permitted(rider, 'registrations.read'))).toBe('403 forbidden');
    expect(refusal(() => permitted(null, 'registrations.read'))).toBe('401 unauthorized');
    expect(permitted(desk, 'cards.scan')).toBe(desk);
    expect(refusal(() => permitted(desk, 'money.refund'))).toBe('403 forbidden');
    expect(permitted(treasurer, 'money.refund')).toBe(treasurer);
    expect(refusal(() => permitted(treasurer, 'homologations.decide'))).toBe('403 forbidden');
    expect(permitted(admin, 'money.refund')).toBe(admin);
    expect(permitted(CLI, 'people.manage')).toBeNull();
  });

  it('records the person as the actor, nobody for a tool, and needs a person where one owns the result', () => {
    expect(actorIdOf(desk, 'registrations.process')).toBe(2);
    expect(actorIdOf(CLI, 'registrations.process')).toBeNull();
    expect(permittedPerson(desk, 'registrations.process')).toBe(desk);
    expect(refusal(() => permittedPerson(CLI, 'registrations.process'))).toBe('403 forbidden');
  });

  it("asks a role's holder for a second factor before any permission, and a recent one for the gravest acts", () => {
    const unpassed: SessionUser = {
      ...treasurer,
      hasSecondFactor: false,
      secondFactorAt: null,
      secondFactorRecent: false,
    };
    expect(refusal(() => permitted(unpassed, 'money.read'))).toBe('403 second_factor_required');
    // A rider is refused for the permission, not asked a factor they need not have.
    expect(refusal(() => permitted({ ...unpassed, roles: [] }, 'money.read'))).toBe('403 forbidden');
    const stale: SessionUser = { ...treasurer, secondFactorRecent: false };
    expect(permitted(stale, 'money.refund')).toBe(stale);
    expect(refusal(() => permittedRecently(stale, 'money.refund'))).toBe('403 reauthentication_required');
    expect(permittedRecently(treasurer, 'money.refund')).toBe(treasurer);
    expect(refusal(() => permittedRecently(desk, 'money.refund'))).toBe('403 forbidden');
    expect(permittedRecently(CLI, 'money.refund')).toBeNull();
    // The back office's door itself opens, so that its pages can lead to the set-up.
    expect(staff(unpassed)).toBe(unpassed);
  });

  it('opens the back office to anyone holding a role, and only to them', () => {
    expect(staff(desk)).toBe(desk);
    expect(staff(CLI)).toBeNull();
    expect(refusal(() => staff(rider))).toBe('403 forbidden');
    expect(refusal(() => staff(null))).toBe('401 unauthorized');
  });
});
