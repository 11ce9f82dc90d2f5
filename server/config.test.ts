import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('runs on a fresh machine with defaults', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.priceCents).toBe(2500);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.socialLinks).toEqual([]);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SOCIAL_LINKS: 'facebook' })).toThrow(/SOCIAL_LINKS/);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the PayPal settings, live API unless told', () => {
    expect(parseConfig({}).paypal).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      webhookId: undefined,
      apiUrl: 'https://api-m.paypal.com',
    });
    const paypal = parseConfig({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
      PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/',
    }).paypal;
    expect(paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: '8PT597110X687430LKGECATA',
      apiUrl: 'https://api-m.sandbox.paypal.com',
    });
    expect(() => parseConfig({ PAYPAL_API_URL: 'sandbox' })).toThrow(/PAYPAL_API_URL/);
  });

  it('parses social links', () => {
    expect(parseConfig({ SOCIAL_LINKS: 'facebook=https://facebook.com/x' }).socialLinks).toEqual([
      { name: 'facebook', url: 'https://facebook.com/x' },
    ]);
  });

  it('trusts no proxy unless told, then a hop count or a list of addresses and ranges', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const wrong of ['true', 'proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3']) {
      expect(() => parseConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});
