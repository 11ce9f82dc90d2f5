/** Accounts: signing in and up, sessions and trusted devices, the address confirmed, the profile and the password, roles, deleting an account, the copy of a person's data and what is kept how long. */
export { createAccountDeletionService } from './account-deletion.ts';
export { createAccountsService } from './accounts.ts';
export { createDataExportService } from './data-export.ts';
export { createEmailVerificationService } from './email-verification.ts';
export { relyingPartyOf } from './passkey-ceremonies.ts';
export { createRetentionService } from './retention.ts';
export { createSecondFactorsService } from './second-factors.ts';
export { createSessionsService } from './sessions.ts';
export { createTrustedDevicesService } from './trusted-devices.ts';
