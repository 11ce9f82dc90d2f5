/**
 * The club's Ed25519 keys that sign diploma statements (decision 0033), with `jose`. The key in use is the one
 * given by configuration (`DIPLOMA_SIGNING_KEY`, PKCS#8 PEM), else the database's current key, generated at the
 * first start (server/start.ts), or on first use by a process that did not start the site (tests, the CLI). Every key ever used stays published, so a statement signed before a rotation still verifies.
 *
 * Nothing is kept in process memory: another instance's rotation is seen by the next statement signed here.
 */
import { type JWK, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8 } from 'jose';
import { asc, isNotNull, isNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { signingKeys } from '../../db/schema/index.ts';

/** RFC 8037's name for Ed25519 signatures: what every JOSE library reads. */
export const SIGNING_ALGORITHM = 'EdDSA';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** The public half of an Ed25519 key, as JWKS publishes it. */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
}

async function publicJwkOf(privateKey: CryptoKey): Promise<PublicJwk> {
  const { kty, crv, x } = await exportJWK(privateKey);
  return { kty: kty!, crv: crv!, x: x! };
}

/** A new key pair, as its row in `signing_keys`. */
async function newKeyRow() {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await publicJwkOf(privateKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    privateJwk: { ...(await exportJWK(privateKey)) },
    publicJwk,
  };
}

export function createDiplomaKeys(deps: { db: Database; configuredKey?: string }) {
  const { db } = deps;

  /** The configured key, recorded (public half only) so that it stays published after the next rotation. */
  async function configuredKey(pem: string): Promise<SigningKey> {
    const privateKey = await importPKCS8(pem, SIGNING_ALGORITHM, { extractable: true });
    const publicJwk = await publicJwkOf(privateKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.insert(signingKeys).values({ kid, privateJwk: null, publicJwk }).onConflictDoNothing();
    return { kid, privateKey };
  }

  async function currentStoredKey(): Promise<
    { kid: string; privateJwk: Record<string, unknown> } | undefined
  > {
    // Ordered, so that two instances racing to create the first key both sign with the same one.
    const [row] = await db
      .select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk })
      .from(signingKeys)
      .where(and(isNull(signingKeys.retiredAt), isNotNull(signingKeys.privateJwk)))
      .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid))
      .limit(1);
    return row?.privateJwk ? { kid: row.kid, privateJwk: row.privateJwk } : undefined;
  }

  return {
    /** The key that signs now. */
    async current(): Promise<SigningKey> {
      if (deps.configuredKey) return configuredKey(deps.configuredKey);
      let stored = await currentStoredKey();
      if (!stored) {
        await db.insert(signingKeys).values(await newKeyRow());
        stored = await currentStoredKey();
      }
      const privateKey = (await importJWK(stored!.privateJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey;
      return { kid: stored!.kid, privateKey };
    },

    /** The public keys of every key ever used, as `/.well-known/jwks.json` serves them. */
    async publicKeys(): Promise<{ keys: (PublicJwk & { kid: string; alg: string; use: 'sig' })[] }> {
      // A site that never signed yet still publishes the key it is going to use.
      await this.current();
      const rows = await db
        .select({ kid: signingKeys.kid, publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
      return {
        keys: rows.map((row) => ({
          ...row.publicJwk,
          kid: row.kid,
          alg: SIGNING_ALGORITHM,
          use: 'sig' as const,
        })),
      };
    },

    /**
     * Retires the stored key in use and creates a new one (`npm run cli -- diplomas:rotate-key`). Statements
     * signed before keep verifying with the retired key, which stays published.
     */
    async rotate(): Promise<{ retired: string[]; kid: string }> {
      if (deps.configuredKey) {
        throw new AppError(
          409,
          'configured_key',
          'DIPLOMA_SIGNING_KEY is set: statements are signed with that key; replace it in the configuration instead',
        );
      }
      return db.transaction(async (tx) => {
        const retired = await tx
          .update(signingKeys)
          .set({ retiredAt: new Date() })
          .where(and(isNull(signingKeys.retiredAt), isNotNull(signingKeys.privateJwk)))
          .returning({ kid: signingKeys.kid });
        const row = await newKeyRow();
        await tx.insert(signingKeys).values(row);
        return { retired: retired.map((retiredRow) => retiredRow.kid), kid: row.kid };
      });
    },
  };
}

export type DiplomaKeys = ReturnType<typeof createDiplomaKeys>;
