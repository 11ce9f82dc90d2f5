/**
 * The stable error codes of the API (`{"error": {"code", "message"}}`). Clients switch on the code and show the
 * localized text of ERROR_MESSAGE_KEYS; the English message in the answer is for people reading logs.
 */

export const ERROR_CODES = [
  'validation',
  'email_taken',
  'invalid_credentials',
  'rate_limited',
  'unauthorized',
  'forbidden',
  'not_found',
  'wrong_current_password',
  'invalid_or_expired_token',
  'order_price_error',
  'payment_failed',
  'conflict',
  'internal',
  'text_not_valid',
  'already_homologated',
  'unknown_reference',
  'not_paid',
  'kit_not_sent',
  'invalid_signature',
  'payment_method_unavailable',
  'order_not_payable',
  'email_not_verified',
  'cross_site_request',
  'already_processed',
  'evidence_request_open',
  'batch_in_progress',
  'idempotency_key_reused',
  'refund_exceeds_payment',
  'request_open',
  'cancellation_requested',
  'awaiting_consent',
  'rejected',
  'invalid_code',
  'ticket_expired',
  'second_factor_required',
  'reauthentication_required',
  'second_factor_exists',
  'second_factor_not_started',
  'no_second_factor',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The i18n key (validation namespace) of each code's text. `validation` shows the generic form message, because
 * the details are already next to each field.
 */
export const ERROR_MESSAGE_KEYS: Readonly<Record<ErrorCode, string>> = {
  validation: 'validation:generic',
  email_taken: 'validation:email_taken',
  invalid_credentials: 'validation:invalid_credentials',
  rate_limited: 'validation:rate_limited',
  unauthorized: 'validation:unauthorized',
  forbidden: 'validation:forbidden',
  not_found: 'validation:not_found',
  wrong_current_password: 'validation:wrong_current_password',
  invalid_or_expired_token: 'validation:invalid_or_expired_token',
  order_price_error: 'validation:order_price_error',
  payment_failed: 'validation:payment_failed',
  conflict: 'validation:conflict',
  internal: 'validation:internal',
  text_not_valid: 'validation:text_not_valid',
  already_homologated: 'validation:already_homologated',
  unknown_reference: 'validation:unknown_reference',
  not_paid: 'validation:not_paid',
  kit_not_sent: 'validation:kit_not_sent',
  invalid_signature: 'validation:internal',
  payment_method_unavailable: 'validation:payment_method_unavailable',
  order_not_payable: 'validation:order_not_payable',
  email_not_verified: 'validation:email_not_verified',
  cross_site_request: 'validation:forbidden',
  already_processed: 'validation:already_processed',
  evidence_request_open: 'validation:evidence_request_open',
  batch_in_progress: 'validation:batch_in_progress',
  idempotency_key_reused: 'validation:idempotency_key_reused',
  refund_exceeds_payment: 'validation:refund_exceeds_payment',
  request_open: 'validation:request_open',
  cancellation_requested: 'validation:cancellation_requested',
  awaiting_consent: 'validation:awaiting_consent',
  rejected: 'validation:rejected',
  invalid_code: 'validation:invalid_code',
  ticket_expired: 'validation:ticket_expired',
  second_factor_required: 'validation:second_factor_required',
  reauthentication_required: 'validation:reauthentication_required',
  second_factor_exists: 'validation:second_factor_exists',
  second_factor_not_started: 'validation:second_factor_not_started',
  no_second_factor: 'validation:no_second_factor',
};
