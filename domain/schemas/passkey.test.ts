import { describe, expect, it } from 'vitest';
import { parseCredentialJson } from '../passkeys.ts';
import { passkeyAssertionSchema, passkeySignInSchema } from './passkey.ts';

const assertion = {
  id: 'AbC_-1',
  rawId: 'AbC_-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC' },
};

describe('passkey answers', () => {
  it('takes what @simplewebauthn/browser sends, with no extension results as none', () => {
    expect(passkeyAssertionSchema.parse(assertion)).toEqual({ ...assertion, clientExtensionResults: {} });
  });

  it('refuses anything that is not base64url, of another type, or too long', () => {
    for (const bad of [
      { ...assertion, id: 'not base64url!' },
      { ...assertion, type: 'password' },
      { ...assertion, response: { ...assertion.response, signature: 'A'.repeat(3000) } },
      { ...assertion, response: { clientDataJSON: 'eyJ0' } },
    ])
      expect(passkeyAssertionSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
  });

  it('takes a ticket only when one is given', () => {
    expect(passkeySignInSchema.parse({ response: assertion }).ticket).toBeUndefined();
    expect(passkeySignInSchema.safeParse({ response: assertion, ticket: '' }).success).toBe(false);
  });
});

describe('parseCredentialJson', () => {
  it('reads the JSON a form carries, and nothing else', () => {
    expect(parseCredentialJson(JSON.stringify(assertion))).toEqual(assertion);
    expect(parseCredentialJson('{not json')).toBeNull();
    expect(parseCredentialJson(undefined)).toBeNull();
    expect(parseCredentialJson('x'.repeat(40_001))).toBeNull();
  });
});
