/** Registrations and orders: the order placed and its drafts, changes before processing, a minor's guardian's consent, a buyer's cancellation request, each candidate's progress. */
export { createCancellationRequestsService } from './cancellation-requests.ts';
export { createGuardianConsentsService } from './guardian-consents.ts';
export { createOrderDraftsService } from './order-drafts.ts';
export { createOrderNotifications } from './order-notifications.ts';
export { createOrdersService } from './orders.ts';
export { createRegistrationChangesService } from './registration-changes.ts';
