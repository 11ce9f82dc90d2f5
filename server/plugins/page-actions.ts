/**
 * The writes of the page actions (contracts/action-services.ts), bound to one request: the same services the API
 * routes call, with the cookies the API routes set. The same-origin check (same-origin.ts) has already refused a
 * post from another site, as it does for the API.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { ActionServices } from '../../contracts/action-services.ts';
import type { Services } from '../services/index.ts';
import { DEVICE_COOKIE } from '../services/accounts/trusted-devices.ts';
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from './auth.ts';

type Entry = { request: FastifyRequest; reply: FastifyReply; secureCookie: boolean };
type ActionLocale = Parameters<ActionServices['signIn']>[1];

/** The session's cookie, and the device cookie recognised next time whichever way the browser signs in. */
function keepSession(
  { reply, secureCookie }: Entry,
  session: { token: string; expiresAt: Date; deviceToken: string },
  locale: string,
) {
  setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
  setDeviceCookie(reply, session.deviceToken, secureCookie);
  setDeviceCookie(reply, session.deviceToken, secureCookie, `/${locale}/login`);
}

/** Signing in: the password, then a code or a passkey; or a passkey alone. */
function signInActions(
  services: Services,
  entry: Entry,
): Pick<ActionServices, 'signIn' | 'completeSignIn' | 'signInWithPasskey'> {
  const { request } = entry;
  const signInOptions = (locale: ActionLocale) => ({ locale, deviceToken: request.cookies[DEVICE_COOKIE] });
  return {
    async signIn(input, locale) {
      const result = await services.accounts.login(input, request.ip, signInOptions(locale));
      if (result.secondFactor === 'required') return { ticket: result.ticket };
      keepSession(entry, result, locale);
      return { roles: result.user.roles };
    },

    async completeSignIn(input, locale) {
      const session = await services.accounts.completeSignIn(input, request.ip, signInOptions(locale));
      keepSession(entry, session, locale);
      return session.user.roles;
    },

    async signInWithPasskey(input, locale) {
      const session = await services.accounts.signInWithPasskey(input, request.ip, signInOptions(locale));
      keepSession(entry, session, locale);
      return session.user.roles;
    },
  };
}

/** One's second factors: passkeys, the authenticator app, recovery codes, passing one again. */
function secondFactorActions(
  services: Services,
  { request }: Entry,
): Pick<
  ActionServices,
  | 'addPasskey'
  | 'removePasskey'
  | 'verifyWithPasskey'
  | 'startTotp'
  | 'confirmTotp'
  | 'verifySecondFactor'
  | 'regenerateRecoveryCodes'
  | 'removeTotp'
> {
  const factors = services.secondFactors;
  return {
    addPasskey: async (user, input) =>
      (await factors.addPasskey(user, input, request.sessionToken)).recoveryCodes,

    removePasskey: (user, passkeyId) => factors.removePasskey(user, passkeyId),

    verifyWithPasskey: (user, response) =>
      factors.verifyWithPasskey(user, response as AuthenticationResponseJSON, request.sessionToken),

    async startTotp(user) {
      await factors.startTotp(user);
    },

    confirmTotp: (user, code) => factors.confirmTotp(user, code, request.sessionToken),

    verifySecondFactor: (user, code) => factors.verify(user, code, request.sessionToken),

    regenerateRecoveryCodes: (user) => factors.regenerateRecoveryCodes(user),

    removeTotp: (user) => factors.removeTotp(user),
  };
}

/** Signing up, the address, the profile, the password, deleting the account and the public settings. */
function accountActions(
  services: Services,
  { request, reply, secureCookie }: Entry,
): Pick<
  ActionServices,
  | 'signUp'
  | 'resendVerification'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'updateProfile'
  | 'changePassword'
  | 'deleteAccount'
  | 'setPublicDisplay'
  | 'setPublicName'
> {
  return {
    async signUp(input, locale, returnTo) {
      const { session } = await services.accounts.signup(input, locale, { openSession: true, returnTo });
      if (session) setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
    },

    resendVerification: (user, locale, returnTo) =>
      services.accounts.resendVerification(user, { ip: request.ip, locale }, returnTo),

    forgotPassword: (input) => services.accounts.forgotPassword(input, request.ip),

    resetPassword: (link, password) => services.accounts.resetPassword(link.email, link.token, password),

    verifyEmail: (token) => services.emailVerification.verify(token, request.sessionToken ?? null),

    async updateProfile(user, fields, locale) {
      await services.accounts.updateProfile(user, fields, { ip: request.ip, locale });
    },

    changePassword: (user, input) =>
      services.accounts.changePassword(user, input, request.sessionToken ?? null),

    async deleteAccount(user, currentPassword) {
      await services.accountDeletion.deleteAccount(user, currentPassword);
      clearSessionCookie(reply, secureCookie);
    },

    async setPublicDisplay(user, hidden) {
      await services.displayRestrictions.setHidden(user, hidden);
    },

    async setPublicName(user, display) {
      await services.displayRestrictions.setNameDisplay(user, display);
    },
  };
}

export function pageActions(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secureCookie: boolean },
): ActionServices {
  const entry: Entry = { request, reply, secureCookie: options.secureCookie };
  return {
    ...signInActions(services, entry),
    ...secondFactorActions(services, entry),
    ...accountActions(services, entry),

    // The buyer is the request's own signed-in user, whom the service checks again.
    async placeOrder(_user, input, options) {
      return (await services.orders.create(request.user, input, options)).redirectUrl;
    },

    async orderPlacedWith(userId, idempotencyKey) {
      return (await services.orders.placedWith(userId, idempotencyKey))?.redirectUrl ?? null;
    },

    saveOrderDraft: (userId, draft) => services.orderDrafts.save(userId, draft),

    answerGuardianConsent: (token, answer) => services.guardianConsents.decide(token, answer),

    async resendGuardianConsent(user, candidateId) {
      await services.guardianConsents.resend(user, candidateId);
    },

    async changeCandidate(userId, candidateId, change) {
      await services.registrationChanges.changeCandidate(userId, candidateId, change);
    },

    async changeDelivery(userId, orderId, change) {
      await services.registrationChanges.changeDelivery(userId, orderId, change);
    },

    async cancelOrder(userId, orderId) {
      await services.orders.cancel(userId, orderId);
    },

    decideTestPayment: (paymentId, userId, outcome, locale) =>
      services.payments.testCheckout.decide(paymentId, userId, outcome, locale),

    // A service's forms show only when it is configured; without it the service finds nothing (as its API routes).
    checkActivity: (provider, userId, activityId) =>
      services.activitySources[provider].checkRide(userId, activityId, request.ip),

    attachActivity: (provider, user, candidateId, activityId) =>
      services.activitySources[provider].attachRide(user, candidateId, activityId, request.ip),

    disconnectActivitySource: (provider, userId) => services.activitySources[provider].disconnect(userId),

    async requestCancellation(userId, orderId, body) {
      await services.cancellationRequests.create(userId, orderId, body);
    },

    // The administrator is the request's own signed-in user, whom the services check again.
    previewRefund: (_actorId, orderId, body) => services.refunds.preview(request.user, orderId, body),
    refundOrder: (_actorId, orderId, body, idempotencyKey) =>
      services.refunds.create(request.user, orderId, body, { idempotencyKey }),

    retryRefund: (_actorId, refundId) => services.refunds.retry(request.user, refundId),

    async approveCancellation(_actorId, requestId) {
      return (await services.cancellationRequests.approve(request.user, requestId)).refund;
    },

    async inviteStaff(person, locale) {
      await services.accounts.invite(request.user, person, locale);
    },

    async setStaffRoles(person, roles) {
      if ('email' in person) await services.accounts.setRolesByEmail(request.user, person.email, roles);
      else await services.accounts.setRoles(request.user, person.id, roles);
    },

    async declineCancellation(_actorId, requestId, reason) {
      await services.cancellationRequests.decline(request.user, requestId, reason);
    },

    scanCard: (text, confirm) => services.homologations.scan(request.user, text, { confirm }),

    reopenCandidate: (candidateId) => services.homologations.reopen(request.user, candidateId),

    changeSettings: (patch, version) => services.settings.change(request.user, patch, version),

    restoreSettings: (version, expected) => services.settings.restore(request.user, version, expected),
  };
}
