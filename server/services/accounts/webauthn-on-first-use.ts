/**
 * `@simplewebauthn/server`, loaded by the first passkey ceremony rather than at start: with its CBOR, ASN.1 and
 * certificate code it is about 27 MB of memory alone (decision 0054), which a server whose members never add a
 * passkey would hold for nothing. The module loader keeps it once loaded; a failed load is tried again.
 */
import type * as WebAuthnModule from '@simplewebauthn/server';

type WebAuthn = typeof WebAuthnModule;

let loading: Promise<WebAuthn> | undefined;

export function webauthn(): Promise<WebAuthn> {
  return (loading ??= import('@simplewebauthn/server').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

/** A challenge as the library takes it: the bytes behind the base64url text kept in the challenge's row. */
export function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}
