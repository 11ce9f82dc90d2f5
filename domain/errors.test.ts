import { describe, expect, it } from 'vitest';

import { ERROR_CODES, ERROR_MESSAGE_KEYS, isErrorCode } from './errors.ts';

describe('error codes', () => {
  it('are the stable codes of the API', () => {
    expect(ERROR_CODES).toEqual([
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
    ]);
  });

  it('are recognised', () => {
    expect(isErrorCode('email_taken')).toBe(true);
    expect(isErrorCode('Email_Taken')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('each have a message key in the validation namespace', () => {
    expect(Object.keys(ERROR_MESSAGE_KEYS).sort()).toEqual([...ERROR_CODES].sort());
    for (const key of Object.values(ERROR_MESSAGE_KEYS)) expect(key).toMatch(/^validation:[a-z_]+$/);
    expect(ERROR_MESSAGE_KEYS.validation).toBe('validation:generic');
  });
});
