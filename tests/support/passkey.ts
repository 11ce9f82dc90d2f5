/**
 * A passkey for the tests, made as an authenticator makes one (WebAuthn Level 3): an ES256 key pair, the
 * `none` attestation of a registration, and signed assertions with a counter and the user-verified flag. It answers
 * the options the site gives, as `@simplewebauthn/browser` would pass them on, so that the API's checks run whole.
 */
import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;
const sha256 = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

export class SoftPasskey {
  readonly #credentialId = crypto.randomBytes(16);
  readonly #keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  #counter = 0;
  #userHandle: string | undefined;

  /** The site's address as the browser's page has it. */
  readonly origin: string;
  /** A synced passkey (a platform's password manager) reports no signature counter: always 0. */
  readonly #synced: boolean;

  constructor(origin: string, { synced = false }: { synced?: boolean } = {}) {
    this.origin = origin;
    this.#synced = synced;
  }

  get id(): string {
    return b64url(this.#credentialId);
  }

  /** The public key as COSE (RFC 9053): EC2, ES256, P-256, x and y. */
  #cosePublicKey(): Uint8Array {
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  #authenticatorData(rpId: string, flags: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.#credentialId.length);
      parts.push(Buffer.alloc(16), length, this.#credentialId, Buffer.from(this.#cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to registration options (`POST /api/me/passkeys/options`). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    this.#userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const flags = FLAG.userPresent | FLAG.userVerified | FLAG.attested;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.#authenticatorData(rpId, flags, true))],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * The answer to sign-in or step-up options: signed over the authenticator data and the client data's hash.
   * `userVerified: false` is a device that only saw someone touch it; `challenge` replaces the site's.
   */
  authenticate(
    options: { challenge: string; rpId?: string },
    { userVerified = true, challenge }: { userVerified?: boolean; challenge?: string } = {},
  ) {
    if (!this.#synced) this.#counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const flags = FLAG.userPresent | (userVerified ? FLAG.userVerified : 0);
    const authenticatorData = this.#authenticatorData(rpId, flags, false);
    const clientDataJSON = this.#clientData('webauthn.get', challenge ?? options.challenge);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.#keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.#userHandle ? { userHandle: this.#userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
