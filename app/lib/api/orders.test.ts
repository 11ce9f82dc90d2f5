import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './client.ts';
import { needsNewKey, newIdempotencyKey } from './orders.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('draws a new UUID v4 each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('falls back on getRandomValues where randomUUID is missing (plain HTTP)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('needsNewKey', () => {
  it('keeps the key after a network failure, where the order may exist', () => {
    expect(needsNewKey(new ApiError(0, NETWORK_ERROR, 'offline'))).toBe(false);
  });

  it('takes a new key once the server has answered', () => {
    expect(needsNewKey(new ApiError(400, 'validation', 'bad'))).toBe(true);
    expect(needsNewKey(new ApiError(502, 'payment_failed', 'provider down'))).toBe(true);
  });
});
