import { describe, expect, it } from 'vitest';

import {
  NO_ORDER_REFERENCE,
  SCAN_TOKEN_LENGTH,
  SCAN_TOKEN_PREFIX,
  candidateReference,
  isScanToken,
  orderReference,
  parseCandidateReference,
  parseOrderReference,
  parseScanText,
  scanTokenFromBytes,
} from './references.ts';

describe('orderReference', () => {
  it('pads the id to 8 digits', () => {
    expect(orderReference(42)).toBe('00000042');
    expect(orderReference(1)).toBe('00000001');
    expect(orderReference(99_999_999)).toBe('99999999');
  });

  it('refuses ids that do not fit', () => {
    expect(() => orderReference(0)).toThrow(RangeError);
    expect(() => orderReference(-3)).toThrow(RangeError);
    expect(() => orderReference(1.5)).toThrow(RangeError);
    expect(() => orderReference(100_000_000)).toThrow(RangeError);
  });
});

describe('candidateReference', () => {
  it('is the order reference and the index on 2 digits', () => {
    expect(candidateReference(42, 1)).toBe('00000042-01');
    expect(candidateReference(12345678, 12)).toBe('12345678-12');
    expect(candidateReference(7, 0)).toBe('00000007-00');
  });

  it("is '/' without an order", () => {
    expect(candidateReference(null, 1)).toBe(NO_ORDER_REFERENCE);
    expect(candidateReference(undefined, 1)).toBe('/');
  });

  it('refuses an index that does not fit', () => {
    expect(() => candidateReference(42, 100)).toThrow(RangeError);
    expect(() => candidateReference(42, -1)).toThrow(RangeError);
  });
});

describe('parsing references', () => {
  it('reads back what was formatted', () => {
    expect(parseCandidateReference(candidateReference(42, 3))).toEqual({ orderId: 42, index: 3 });
    expect(parseOrderReference(orderReference(42))).toBe(42);
    expect(parseCandidateReference('  00000042-03\n')).toEqual({ orderId: 42, index: 3 });
  });

  it.each([
    '',
    '/',
    '42-3',
    '0000042-03',
    '000000042-03',
    '00000042-3',
    '00000042-003',
    '00000042_03',
    '00000042 - 03',
    '00000000-01',
    '00000042-03x',
    'x00000042-03',
    '00000042-03\n00000043-01',
    '0000004２-03',
    '-0000042-03',
  ])('refuses the candidate reference %j', (value) => {
    expect(parseCandidateReference(value)).toBeNull();
  });

  it('refuses non-strings and malformed order references', () => {
    expect(parseCandidateReference(42)).toBeNull();
    expect(parseCandidateReference(null)).toBeNull();
    expect(parseOrderReference('42')).toBeNull();
    expect(parseOrderReference('00000000')).toBeNull();
    expect(parseOrderReference('00000042-01')).toBeNull();
    expect(parseOrderReference(42)).toBeNull();
  });
});

describe('scan tokens', () => {
  const bytes = (fill: (i: number) => number) => Uint8Array.from({ length: 16 }, (_, i) => fill(i));

  it('formats 16 bytes as CV1- and 26 base32 characters', () => {
    expect(scanTokenFromBytes(bytes(() => 0))).toBe(`CV1-${'A'.repeat(26)}`);
    // RFC 4648 without padding: the last character holds the 3 remaining bits followed by two zero bits.
    expect(scanTokenFromBytes(bytes(() => 0xff))).toBe(`CV1-${'7'.repeat(25)}4`);
    // The RFC 4648 test vector 'foobar' (66 6f 6f 62 61 72) is MZXW6YTBOI.
    const foobar = [0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72];
    expect(scanTokenFromBytes(bytes((i) => foobar[i] ?? 0))).toBe('CV1-MZXW6YTBOIAAAAAAAAAAAAAAAA');
  });

  it('formats tokens that isScanToken accepts', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const token = scanTokenFromBytes(bytes((i) => (seed * 31 + i * 97) % 256));
      expect(token).toHaveLength(SCAN_TOKEN_PREFIX.length + SCAN_TOKEN_LENGTH);
      expect(isScanToken(token)).toBe(true);
    }
  });

  it('needs exactly 16 bytes', () => {
    expect(() => scanTokenFromBytes(new Uint8Array(15))).toThrow(RangeError);
    expect(() => scanTokenFromBytes(new Uint8Array(17))).toThrow(RangeError);
  });

  it.each([
    `CV1-${'A'.repeat(25)}`,
    `CV1-${'A'.repeat(27)}`,
    `cv1-${'A'.repeat(26)}`,
    `CV1-${'a'.repeat(26)}`,
    `CV1-${'A'.repeat(25)}1`,
    `CV1-${'A'.repeat(25)}8`,
    `CV2-${'A'.repeat(26)}`,
    `CV1${'A'.repeat(26)}`,
    ` CV1-${'A'.repeat(26)}`,
    `CV1-${'A'.repeat(26)}\n`,
    '00000042-01',
    '',
  ])('isScanToken refuses %j', (value) => {
    expect(isScanToken(value)).toBe(false);
  });

  it('isScanToken refuses non-strings', () => {
    expect(isScanToken(null)).toBe(false);
    expect(isScanToken(undefined)).toBe(false);
  });
});

describe('parseScanText', () => {
  const token = `CV1-${'B'.repeat(26)}`;

  it('reads a token, tolerating case and spaces typed by hand', () => {
    expect(parseScanText(token)).toEqual({ kind: 'token', token });
    expect(parseScanText(` ${token.toLowerCase()} `)).toEqual({ kind: 'token', token });
  });

  it('reads a candidate reference', () => {
    expect(parseScanText('00000042-01')).toEqual({ kind: 'reference', orderId: 42, index: 1 });
  });

  it('refuses anything else', () => {
    expect(parseScanText('hello')).toBeNull();
    expect(parseScanText('https://evil.example/CV1-AAAA')).toBeNull();
    expect(parseScanText('')).toBeNull();
    expect(parseScanText(12)).toBeNull();
  });
});
