/**
 * Every kind of act the audit log records (issue 42), named once: the services record only these, and the
 * back office names each in six languages (`admin:actions.<kind with _ for .>`). A test checks every catalogue.
 */
export const AUDIT_ACTIONS = [
  'account.delete',
  'cancellation_request.approved',
  'cancellation_request.declined',
  'cancellation_request.opened',
  'candidate.card_received',
  'candidate.changed_by_buyer',
  'candidate.documents_sent',
  'candidate.evidence_requested',
  'candidate.guardian_confirmed',
  'candidate.guardian_link_sent',
  'candidate.guardian_paper_consent',
  'candidate.guardian_refused',
  'candidate.homologated',
  'candidate.processed',
  'candidate.rejected',
  'candidate.reopened',
  'candidate.withdrawn',
  'display_restriction.confirm',
  'display_restriction.hide',
  'display_restriction.show',
  'homologation.cancelled',
  'homologation.corrected',
  'order.cancelled',
  'order.delivery_changed_by_buyer',
  'order.expired',
  'order.failed',
  'order.paid',
  'order.pending',
  'payment.amount_mismatch',
  'public_name.choose',
  'refund.external',
  'refund.failed',
  'refund.requested',
  'refund.retried',
  'refund.succeeded',
  'settings.changed',
  'settings.restored',
  'user.change_email',
  'user.create',
  'user.roles',
  'user.second_factor_reset',
  'user.update',
  'user.verify_email',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The key of an act's name in the `admin` catalogue. */
export const auditActionKey = (action: string): string => `admin:actions.${action.replaceAll('.', '_')}`;
