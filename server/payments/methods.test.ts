import { describe, expect, it } from 'vitest';
import { paymentMethods } from './methods.ts';

describe('paymentMethods', () => {
  it('offers card through Stripe and wallet through PayPal, each only when configured', () => {
    expect(paymentMethods({ stripe: {}, paypal: {} }, false)).toEqual([
      { id: 'card', provider: 'stripe' },
      { id: 'wallet', provider: 'paypal' },
    ]);
    expect(paymentMethods({ stripe: {} }, false)).toEqual([{ id: 'card', provider: 'stripe' }]);
    expect(paymentMethods({ paypal: {} }, false)).toEqual([{ id: 'wallet', provider: 'paypal' }]);
    expect(paymentMethods({}, false)).toEqual([]);
  });

  it('routes every method to the test provider in test mode, even beside real providers', () => {
    const methods = [
      { id: 'card', provider: 'test' },
      { id: 'wallet', provider: 'test' },
    ];
    expect(paymentMethods({}, true)).toEqual(methods);
    expect(paymentMethods({ stripe: {}, paypal: {} }, true)).toEqual(methods);
  });
});
