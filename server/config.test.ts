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

  it("sizes the embedded database's buffer cache for a small server unless told", () => {
    expect(parseConfig({}).embeddedDatabase).toEqual({ sharedBuffersMb: 16 });
    expect(parseConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).embeddedDatabase).toEqual({
      sharedBuffersMb: 128,
    });
    for (const wrong of ['0', '16MB', '2.5', '5000'])
      expect(() => parseConfig({ PGLITE_SHARED_BUFFERS_MB: wrong })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the PayPal settings, live API unless told', () => {
    const keys = {
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
      CLUB_POSTAL_ADDRESS: 'Club\\nBP 12',
    };
    expect(parseConfig(keys).payments.paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: '8PT597110X687430LKGECATA',
      apiUrl: 'https://api-m.paypal.com',
    });
    const paypal = parseConfig({ ...keys, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/' }).payments
      .paypal;
    expect(paypal?.apiUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(() => parseConfig({ PAYPAL_API_URL: 'sandbox' })).toThrow(/PAYPAL_API_URL/);
  });

  it('parses social links', () => {
    expect(parseConfig({ SOCIAL_LINKS: 'facebook=https://facebook.com/x' }).socialLinks).toEqual([
      { name: 'facebook', url: 'https://facebook.com/x' },
    ]);
  });

  describe('payments', () => {
    const address = { CLUB_POSTAL_ADDRESS: 'Club\\nBP 12\\n84410 Bédoin' };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', ...address };
    const paypal = {
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'hook',
      ...address,
    };
    const publicSite = { PUBLIC_URL: 'https://cingles.example' };

    it('turns the test provider on by default on a local site without providers', () => {
      for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
        const { payments } = parseConfig({ PUBLIC_URL: url });
        expect(payments).toEqual({ stripe: undefined, paypal: undefined, testMode: true });
      }
      expect(parseConfig({}).payments.testMode).toBe(true);
    });

    it('turns each real provider on when its keys are complete, and the test provider off', () => {
      const { payments } = parseConfig({ ...publicSite, ...stripe, ...paypal });
      expect(payments.stripe).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
      expect(payments.paypal?.clientId).toBe('id');
      expect(payments.testMode).toBe(false);
      expect(parseConfig({ ...stripe }).payments.testMode).toBe(false);
      expect(parseConfig({ ...publicSite, ...paypal }).payments.stripe).toBeUndefined();
    });

    it('runs in test mode only when asked on a public site', () => {
      expect(parseConfig({ ...publicSite, PAYMENTS_TEST_MODE: 'true' }).payments.testMode).toBe(true);
      expect(parseConfig({ ...publicSite, ...stripe, PAYMENTS_TEST_MODE: 'true' }).payments.testMode).toBe(
        true,
      );
      expect(() => parseConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
    });

    it('refuses a public site without any payment provider, naming what to set', () => {
      for (const environment of [publicSite, { ...publicSite, PAYMENTS_TEST_MODE: 'false' }]) {
        expect(() => parseConfig(environment)).toThrow(ConfigError);
        expect(() => parseConfig(environment)).toThrow(/STRIPE_SECRET_KEY/);
        expect(() => parseConfig(environment)).toThrow(/PAYPAL_CLIENT_ID/);
        expect(() => parseConfig(environment)).toThrow(/PAYMENTS_TEST_MODE/);
      }
      // Test mode turned off on a local site leaves nothing to pay with either.
      expect(() => parseConfig({ PAYMENTS_TEST_MODE: 'false' })).toThrow(/PAYMENTS_TEST_MODE/);
    });

    it('refuses half-set Stripe keys, naming the missing variable', () => {
      expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
        /STRIPE_WEBHOOK_SECRET: required/,
      );
      expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY: required/);
    });

    it('refuses half-set PayPal keys, naming the missing variables', () => {
      expect(() => parseConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(
        /PAYPAL_WEBHOOK_ID: required for PayPal/,
      );
      expect(() => parseConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
        /PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: required/,
      );
      expect(() => parseConfig({ ...stripe, PAYPAL_WEBHOOK_ID: 'hook' })).toThrow(/PAYPAL_CLIENT_ID/);
    });

    it('keeps secrets out of the refusal', () => {
      expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_live_secret_value' })).not.toThrow(
        /sk_live_secret_value/,
      );
    });
  });

  describe('the club postal address', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook' };

    it('takes its lines separated by \\n or by real line breaks, trimmed, blank lines dropped', () => {
      const lines = ['Club des Cinglés du Mont-Ventoux', 'BP 12', '84410 Bédoin', 'France'];
      expect(parseConfig({ CLUB_POSTAL_ADDRESS: lines.join('\\n') }).clubPostalAddress).toEqual(lines);
      expect(parseConfig({ CLUB_POSTAL_ADDRESS: ` ${lines.join(' \r\n\n ')}\n` }).clubPostalAddress).toEqual(
        lines,
      );
    });

    it('is unset in test mode unless given', () => {
      expect(parseConfig({}).clubPostalAddress).toBeUndefined();
      expect(parseConfig({ CLUB_POSTAL_ADDRESS: '  ' }).clubPostalAddress).toBeUndefined();
    });

    it('refuses one line, too many lines or a line too long', () => {
      for (const value of ['Club only', Array(9).fill('line').join('\\n'), `Club\\n${'x'.repeat(101)}`])
        expect(() => parseConfig({ CLUB_POSTAL_ADDRESS: value })).toThrow(
          /CLUB_POSTAL_ADDRESS: expected 2 to 8/,
        );
    });

    it('stops a site with live payments that does not give it, saying why and how to write it', () => {
      for (const environment of [stripe, paypal, { ...stripe, PAYMENTS_TEST_MODE: 'false' }]) {
        expect(() => parseConfig(environment)).toThrow(ConfigError);
        expect(() => parseConfig(environment)).toThrow(
          /CLUB_POSTAL_ADDRESS: required when payments are live/,
        );
      }
      expect(parseConfig({ ...stripe, CLUB_POSTAL_ADDRESS: 'Club\\nBP 12' }).clubPostalAddress).toEqual([
        'Club',
        'BP 12',
      ]);
      // Test payments with real keys configured: no money moves, the demonstration address is enough.
      expect(parseConfig({ ...stripe, PAYMENTS_TEST_MODE: 'true' }).clubPostalAddress).toBeUndefined();
    });
  });

  it('runs several processes only on PostgreSQL', () => {
    expect(parseConfig({}).workers).toBe(1);
    expect(() => parseConfig({ WORKERS: '2' })).toThrow(/WORKERS: 2 processes need DATABASE_URL/);
    expect(() => parseConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(parseConfig({ WORKERS: '4', DATABASE_URL: 'postgres://db.example.org/cingles' }).workers).toBe(4);
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

  it('turns Strava on with both credentials only, on its public addresses unless told', () => {
    expect(parseConfig({}).strava).toBeUndefined();
    expect(parseConfig({ STRAVA_CLIENT_ID: '4242', STRAVA_CLIENT_SECRET: 'secret' }).strava).toEqual({
      clientId: '4242',
      clientSecret: 'secret',
      oauthUrl: 'https://www.strava.com/oauth',
      apiUrl: 'https://www.strava.com/api/v3',
    });
    expect(() => parseConfig({ STRAVA_CLIENT_ID: '4242' })).toThrow(/STRAVA_CLIENT_SECRET/);
    expect(() => parseConfig({ STRAVA_OAUTH_URL: 'not a url' })).toThrow(/STRAVA_OAUTH_URL/);
  });

  it('turns Ride with GPS and intervals.icu on with both credentials only, on their public addresses unless told', () => {
    expect(parseConfig({}).rideWithGps).toBeUndefined();
    expect(parseConfig({}).intervals).toBeUndefined();
    expect(parseConfig({ RWGPS_CLIENT_ID: 'rw', RWGPS_CLIENT_SECRET: 'secret' }).rideWithGps).toEqual({
      clientId: 'rw',
      clientSecret: 'secret',
      url: 'https://ridewithgps.com',
    });
    expect(
      parseConfig({
        INTERVALS_CLIENT_ID: 'iv',
        INTERVALS_CLIENT_SECRET: 'secret',
        INTERVALS_URL: 'http://127.0.0.1:9999',
      }).intervals,
    ).toEqual({ clientId: 'iv', clientSecret: 'secret', url: 'http://127.0.0.1:9999' });
    expect(() => parseConfig({ RWGPS_CLIENT_ID: 'rw' })).toThrow(/RWGPS_CLIENT_SECRET/);
    expect(() => parseConfig({ INTERVALS_CLIENT_SECRET: 'secret' })).toThrow(/INTERVALS_CLIENT_ID/);
  });

  it('takes a token encryption key of 32 bytes only', () => {
    const key = Buffer.alloc(32, 7);
    expect(parseConfig({ TOKEN_ENCRYPTION_KEY: key.toString('base64') }).tokenEncryptionKey).toBe(
      key.toString('base64'),
    );
    expect(parseConfig({ TOKEN_ENCRYPTION_KEY: key.toString('hex') }).tokenEncryptionKey).toBe(
      key.toString('hex'),
    );
    expect(() => parseConfig({ TOKEN_ENCRYPTION_KEY: 'too-short' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
  });

  it('serves no metrics by default, and takes a long token and a port when given', () => {
    expect(parseConfig({}).metrics).toEqual({ enabled: true, token: undefined, port: undefined });
    expect(parseConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({
      enabled: true,
      token: undefined,
      port: undefined,
    });
    const token = 'f'.repeat(48);
    expect(parseConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464', METRICS: 'off' }).metrics).toEqual({
      enabled: false,
      token,
      port: 9464,
    });
    expect(() => parseConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parseConfig({ METRICS: 'maybe' })).toThrow(/METRICS/);
  });

  it('keeps each kind of data for its default period unless told, never for less than one unit', () => {
    expect(parseConfig({}).retention).toEqual({
      unpaidOrders: { amount: 30, unit: 'day' },
      unverifiedAccounts: { amount: 30, unit: 'day' },
      mail: { amount: 12, unit: 'month' },
      audit: { amount: 5, unit: 'year' },
    });
    expect(parseConfig({ RETENTION_MAIL_MONTHS: '24' }).retention.mail).toEqual({
      amount: 24,
      unit: 'month',
    });
    expect(() => parseConfig({ RETENTION_AUDIT_YEARS: '0' })).toThrow(/RETENTION_AUDIT_YEARS/);
  });
});
