/**
 * Accounts: sign-up, sign-in, profile, password change, forgotten password and reset, roles. Every answer that
 * could reveal whether an email has an account is the same for known and unknown addresses. One module per group
 * of operations (accounts-*.ts); this one assembles them.
 */
import { passwordResetOperations } from './accounts-password-reset.ts';
import { profileOperations } from './accounts-profile.ts';
import { invitationOperations } from './accounts-invitations.ts';
import { roleOperations } from './accounts-roles.ts';
import { signInOperations } from './accounts-sign-in.ts';
import { signInWithCodeOperations } from './accounts-sign-in-code.ts';
import { signInWithPasskeyOperations } from './accounts-sign-in-passkey.ts';
import { type AccountsDeps, findUserByEmail } from './accounts-users.ts';

export function createAccountsService(deps: AccountsDeps) {
  return {
    findByEmail: (email: string) => findUserByEmail(deps.db, email),
    ...signInOperations(deps),
    ...signInWithCodeOperations(deps),
    ...signInWithPasskeyOperations(deps),
    ...profileOperations(deps),
    ...passwordResetOperations(deps),
    ...roleOperations(deps),
    ...invitationOperations(deps),
  };
}
