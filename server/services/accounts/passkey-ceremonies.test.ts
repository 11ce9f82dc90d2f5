import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './passkey-ceremonies.ts';

describe('relyingPartyOf', () => {
  it('names the site by the domain of its public address', () => {
    expect(relyingPartyOf('https://www.cingles.example', 'Club')).toEqual({
      id: 'www.cingles.example',
      name: 'Club',
      origin: 'https://www.cingles.example',
    });
  });

  it('calls a site on the loopback address localhost, which WebAuthn accepts and an IP address it does not', () => {
    expect(relyingPartyOf('http://127.0.0.1:3000', 'Club')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(relyingPartyOf('http://localhost:3000', 'Club').id).toBe('localhost');
  });
});
