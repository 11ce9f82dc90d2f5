/**
 * The services as the page actions see them: the writes a form makes when it is posted to its page (HTML first,
 * decision 0032), each bound to the request by the server (server/plugins/page-actions.ts)
 * so that it sets the cookies the API route would set. They refuse with the API's errors (`ServiceFailure`), which
 * the actions show on the form as the API's answers are shown. The writes of the accounts side take the session's
 * user, from which the service checks who may (server/services/guards.ts).
 */
import type { Locale } from '../domain/locales.ts';
import type { AddPasskeyInput, PasskeyAssertion, PasskeySignInInput } from '../domain/schemas/passkey.ts';
import type { SessionUser } from './account.ts';
import type { StaffRole } from '../domain/roles.ts';
import type { TrackAnalysis } from '../domain/schemas/track.ts';
import type { StoredTrack } from './tracks.ts';
import type { NameDisplay } from '../domain/public-name.ts';
import type { TestOutcome } from '../domain/payment-methods.ts';
import type { Order } from '../domain/schemas/order.ts';
import type { CandidateChange, DeliveryChangeRequest } from '../domain/schemas/registration-change.ts';
import type { GuardianConsentState, OrderDraftData } from './orders.ts';
import type { GuardianDecision } from '../domain/schemas/guardian-consent.ts';
import type { ChangePasswordInput, SignupInput, UserFields } from '../domain/schemas/user.ts';
import type { CancellationRequestBody, RefundBody } from '../domain/schemas/refunds.ts';
import type { RefundPreview, RefundView } from './refunds.ts';
import type { ScannedCard } from './admin.ts';
import type { ActivityProvider } from '../domain/activity-providers.ts';
import type { SettingsPatch } from '../domain/settings.ts';
import type { PresentedSettings } from './settings.ts';

/** The password passed: signed in (the roles), or a second factor to pass with this ticket. */
export type SignInOutcome = { roles: StaffRole[] } | { ticket: string };

export interface ActionServices {
  /**
   * Checks the password (as POST /api/login) and, for an account without a second factor, signs in on this
   * browser: answers the account's back-office roles, for where the page goes next. An account with a second factor
   * answers the ticket to send back with a code (`completeSignIn`).
   */
  signIn(input: { email: string; password: string }, locale: Locale): Promise<SignInOutcome>;
  /** The sign-in's second step (as POST /api/login/second-factor): signs in; answers the roles. */
  completeSignIn(input: { ticket: string; code: string }, locale: Locale): Promise<StaffRole[]>;
  /** Signs in with a passkey, alone or after the password (as POST /api/login/passkey); answers the roles. */
  signInWithPasskey(input: PasskeySignInInput, locale: Locale): Promise<StaffRole[]>;
  /** Keeps a new passkey (as POST /api/me/passkeys): a first factor answers the ten recovery codes, else null. */
  addPasskey(user: SessionUser, input: AddPasskeyInput): Promise<string[] | null>;
  /** Removes one of one's passkeys (as DELETE /api/me/passkeys/{id}). */
  removePasskey(user: SessionUser, passkeyId: number): Promise<void>;
  /** Passes the second factor again with a passkey (as POST /api/me/passkeys/verify). */
  verifyWithPasskey(user: SessionUser, response: PasskeyAssertion): Promise<void>;
  /** Starts setting up an authenticator app (as POST /api/me/second-factors/totp). */
  startTotp(user: SessionUser): Promise<void>;
  /** Its first code (as POST …/totp/confirm): answers the ten recovery codes, shown once. */
  confirmTotp(user: SessionUser, code: string): Promise<string[]>;
  /** Passes the second factor again in this session (as POST /api/me/second-factor/verify). */
  verifySecondFactor(user: SessionUser, code: string): Promise<void>;
  /** Ten new recovery codes (as POST /api/me/second-factors/recovery-codes). */
  regenerateRecoveryCodes(user: SessionUser): Promise<string[]>;
  /** Removes the authenticator app (as DELETE /api/me/second-factors/totp). */
  removeTotp(user: SessionUser): Promise<void>;
  /**
   * Creates the account, mails the link that verifies its address in `locale` (carrying `returnTo`, a path of this
   * site) and signs the new account in on this browser (sets its session cookie).
   */
  signUp(input: SignupInput, locale: Locale, returnTo: string | null): Promise<void>;
  /** Mails the waiting verification link again, with the API's limits (as POST /api/account/verify-email/resend). */
  resendVerification(user: SessionUser, locale: Locale, returnTo: string | null): Promise<void>;
  /** Mails a reset link if an account has this address; answers the same either way (with the API's limits). */
  forgotPassword(input: { email: string; lang: Locale }): Promise<void>;
  /** Sets a new password from an emailed link; 400 `invalid_or_expired_token` when the link does not hold. */
  resetPassword(link: { email: string; token: string }, password: string): Promise<void>;
  /** Follows an emailed verification link; the session of this browser, if any, stays open. */
  verifyEmail(token: string): Promise<void>;
  /** The account's own fields; a new address waits for its emailed link (as PUT /api/me). */
  updateProfile(user: SessionUser, fields: UserFields, locale: Locale): Promise<void>;
  /** A new password: the account's other sessions end, this browser's stays (as PUT /api/me/password). */
  changePassword(user: SessionUser, input: ChangePasswordInput): Promise<void>;
  /**
   * Places the order and opens its first payment attempt (as POST /api/orders; the same idempotency key answers
   * the same order); answers the provider's page the buyer goes to.
   */
  placeOrder(
    user: { id: number; email: string },
    input: Order,
    options: { idempotencyKey: string; locale: Locale },
  ): Promise<string>;
  /** Where the order already placed with this key goes (a second tap on 'Pay'); null when there is none. */
  orderPlacedWith(userId: number, idempotencyKey: string): Promise<string | null>;
  /** Keeps the order being prepared (as PUT /api/orders/draft). */
  saveOrderDraft(userId: number, draft: OrderDraftData): Promise<void>;
  /** Deletes the account after checking its password, and ends this browser's session (as DELETE /api/account). */
  deleteAccount(user: SessionUser, currentPassword: string): Promise<void>;
  /** Hides (or shows again) the results tied to the account's proven address (as PUT /api/me/public-display). */
  setPublicDisplay(user: SessionUser, hidden: boolean): Promise<void>;
  /** How public tables name the account's laureate (as PUT /api/me/public-name). */
  setPublicName(user: SessionUser, display: NameDisplay): Promise<void>;
  /** Corrects a candidate before processing (as PATCH /api/candidates/{id}); 409 `already_processed` after. */
  changeCandidate(userId: number, candidateId: number, change: CandidateChange): Promise<void>;
  /** Changes a paid order's delivery before processing (as PATCH /api/orders/{id}). */
  changeDelivery(userId: number, orderId: number, change: DeliveryChangeRequest): Promise<void>;
  /** A guardian's answer by the emailed link (as POST /api/guardian-consents/{token}). */
  answerGuardianConsent(token: string, answer: GuardianDecision): Promise<GuardianConsentState>;
  /** Sends a minor's guardian the link again (as POST /api/candidates/{id}/guardian-consent/resend). */
  resendGuardianConsent(user: SessionUser, candidateId: number): Promise<void>;
  /** Gives up an unpaid order (as POST /api/orders/{id}/cancel); 409 `order_not_payable` when paid. */
  cancelOrder(userId: number, orderId: number): Promise<void>;
  /**
   * The buyer's answer on the built-in test provider's page (its owner only: another person's payment is 404);
   * answers the address the buyer goes to next.
   */
  decideTestPayment(paymentId: number, userId: number, outcome: TestOutcome, locale: Locale): Promise<string>;
  /** Checks a ride of a connected activity service (as POST /api/rides/{provider}/activities/{id}/check). */
  checkActivity(provider: ActivityProvider, userId: number, activityId: string): Promise<TrackAnalysis>;
  /** Attaches a service's ride to the buyer's candidate (as POST /api/candidates/{id}/track `{provider, activity_id}`). */
  attachActivity(
    provider: ActivityProvider,
    user: SessionUser,
    candidateId: number,
    activityId: string,
  ): Promise<StoredTrack>;
  /** Revokes the site's access at the service and deletes the tokens (as DELETE /api/rides/{provider}). */
  disconnectActivitySource(provider: ActivityProvider, userId: number): Promise<void>;
  /** The buyer asks to cancel registrations (as POST /api/orders/{id}/cancellation-requests). */
  requestCancellation(userId: number, orderId: number, body: CancellationRequestBody): Promise<void>;
  /** What the refund would do, for its confirmation (as POST /api/admin/orders/{id}/refunds/preview). */
  previewRefund(actorId: number, orderId: number, body: RefundBody): Promise<RefundPreview>;
  /** An administrator's refund (as POST /api/admin/orders/{id}/refunds, the form's key as Idempotency-Key). */
  refundOrder(
    actorId: number,
    orderId: number,
    body: RefundBody,
    idempotencyKey: string,
  ): Promise<RefundView>;
  /** Asks the provider again for a failed refund (as POST /api/admin/refunds/{id}/retry). */
  retryRefund(actorId: number, refundId: number): Promise<RefundView>;
  /** Approves a buyer's request: a refund less the club's fee (as POST …/cancellation-requests/{id}/approve). */
  approveCancellation(actorId: number, requestId: number): Promise<RefundView>;
  /** Sets a person's back-office roles (as PUT /api/admin/users/{id}/roles), or an account's found by address. */
  setStaffRoles(person: { id: number } | { email: string }, roles: StaffRole[]): Promise<void>;
  /** Invites a new helper with their roles (as POST /api/admin/users/invitations), mailed in `locale`. */
  inviteStaff(
    person: { email: string; prenom: string; nom: string; roles: StaffRole[] },
    locale: Locale,
  ): Promise<void>;
  /** Declines a buyer's request with a reason the buyer is emailed (as POST …/{id}/decline). */
  declineCancellation(actorId: number, requestId: number, reason: string): Promise<void>;
  /**
   * Takes in a returned route card (as POST /api/admin/scan): `confirm` takes in a card whose kit was not marked
   * sent, or reopens a rejected ride.
   */
  scanCard(text: string, confirm: boolean): Promise<ScannedCard>;
  /** Reopens a rejected ride for a new judgement (as POST /api/admin/candidates/{id}/reopen). */
  reopenCandidate(candidateId: number): Promise<void>;
  /** Changes the club's settings from the version read (as PATCH /api/admin/settings): 412 `settings_changed`. */
  changeSettings(patch: SettingsPatch, version: number): Promise<PresentedSettings>;
  /** Gives back an earlier version's values (as POST /api/admin/settings/versions/{n}/restore, with If-Match). */
  restoreSettings(version: number, expected: number): Promise<PresentedSettings>;
}

/** What a service throws when it refuses: the API's error code, its status, and field errors (message keys). */
export interface ServiceFailure {
  statusCode: number;
  code: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Facts that explain the refusal (a rejected card's day and reason). */
  details?: Record<string, string>;
}

export function isServiceFailure(error: unknown): error is ServiceFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ServiceFailure).statusCode === 'number' &&
    typeof (error as ServiceFailure).code === 'string'
  );
}
