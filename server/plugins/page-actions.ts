/**
 * The writes of the page actions (contracts/action-services.ts), bound to one request: the same services the API
 * routes call, with the cookies the API routes set. The same-origin check (same-origin.ts) has already refused a
 * post from another site, as it does for the API.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionServices } from '../../contracts/action-services.ts';
import type { Services } from '../services/index.ts';
import { DEVICE_COOKIE } from '../services/trusted-devices.ts';
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from './auth.ts';

export function pageActions(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secureCookie: boolean },
): ActionServices {
  const { secureCookie } = options;
  return {
    async signIn(input, locale) {
      const session = await services.accounts.login(input, request.ip, {
        locale,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
      // Recognised next time whichever way the browser signs in: the API or this sign-in page.
      setDeviceCookie(reply, session.deviceToken, secureCookie);
      setDeviceCookie(reply, session.deviceToken, secureCookie, `/${locale}/login`);
      return session.user.role;
    },

    async signUp(input, locale) {
      await services.accounts.signup(input, locale);
    },

    forgotPassword: (input) => services.accounts.forgotPassword(input, request.ip),

    resetPassword: (link, password) => services.accounts.resetPassword(link.email, link.token, password),

    verifyEmail: (token) => services.emailVerification.verify(token, request.sessionToken ?? null),

    async updateProfile(userId, fields, locale) {
      await services.accounts.updateProfile(userId, fields, { ip: request.ip, locale });
    },

    changePassword: (userId, input) =>
      services.accounts.changePassword(userId, input, request.sessionToken ?? null),

    async placeOrder(user, input, options) {
      return (await services.orders.create(user, input, options)).redirectUrl;
    },

    async orderPlacedWith(userId, idempotencyKey) {
      return (await services.orders.placedWith(userId, idempotencyKey))?.redirectUrl ?? null;
    },

    saveOrderDraft: (userId, draft) => services.orderDrafts.save(userId, draft),

    async deleteAccount(userId, currentPassword) {
      await services.accountDeletion.deleteAccount(userId, currentPassword);
      clearSessionCookie(reply, secureCookie);
    },

    async setPublicDisplay(user, hidden) {
      await services.displayRestrictions.setHidden(user, hidden);
    },

    async setPublicName(user, display) {
      await services.displayRestrictions.setNameDisplay(user, display);
    },

    answerGuardianConsent: (token, answer) => services.guardianConsents.decide(token, answer),

    async resendGuardianConsent(userId, candidateId) {
      await services.guardianConsents.resend(userId, candidateId);
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

    // Strava's forms show only when it is configured; without it the service finds nothing (as its API routes).
    checkStravaRide: (userId, activityId) =>
      services.activityConnections.checkRide(userId, activityId, request.ip),

    attachStravaRide: (user, candidateId, activityId) =>
      services.activityConnections.attachRide(user, candidateId, activityId, request.ip),

    disconnectStrava: (userId) => services.activityConnections.disconnect(userId),

    async requestCancellation(userId, orderId, body) {
      await services.cancellationRequests.create(userId, orderId, body);
    },

    refundOrder: (actorId, orderId, body, idempotencyKey) =>
      services.refunds.create(orderId, body, { actorId, idempotencyKey }),

    retryRefund: (actorId, refundId) => services.refunds.retry(refundId, actorId),

    async approveCancellation(actorId, requestId) {
      return (await services.cancellationRequests.approve(requestId, actorId)).refund;
    },

    async declineCancellation(actorId, requestId, reason) {
      await services.cancellationRequests.decline(requestId, reason, actorId);
    },
  };
}
