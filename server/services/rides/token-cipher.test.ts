import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenCipherError, open, parseEncryptionKey, seal } from './token-cipher.ts';

const key = crypto.randomBytes(32);

describe('token cipher', () => {
  it('opens what it sealed, and never writes the token in clear', () => {
    const sealed = seal(key, 'a1b2c3d4e5f6', 'strava:7:access');
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('a1b2c3d4e5f6');
    expect(open(key, sealed, 'strava:7:access')).toBe('a1b2c3d4e5f6');
  });

  it('gives a new IV every time', () => {
    expect(Buffer.from(seal(key, 'same', 'c'))).not.toEqual(Buffer.from(seal(key, 'same', 'c')));
  });

  it('refuses another key, another owner or kind, and a changed byte', () => {
    const sealed = seal(key, 'token', 'strava:7:access');
    expect(() => open(crypto.randomBytes(32), sealed, 'strava:7:access')).toThrow(TokenCipherError);
    expect(() => open(key, sealed, 'strava:8:access')).toThrow(TokenCipherError);
    expect(() => open(key, sealed, 'strava:7:refresh')).toThrow(TokenCipherError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => open(key, tampered, 'strava:7:access')).toThrow(TokenCipherError);
    expect(() => open(key, new Uint8Array(10), 'strava:7:access')).toThrow(TokenCipherError);
  });

  it('reads a key of 32 bytes as hex or base64, and nothing else', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    for (const wrong of [
      '',
      'short',
      crypto.randomBytes(16).toString('hex'),
      crypto.randomBytes(31).toString('base64'),
    ])
      expect(() => parseEncryptionKey(wrong)).toThrow(TokenCipherError);
  });
});
