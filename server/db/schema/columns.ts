/** Column builders shared by the tables: timestamps, challenge ids, raw bytes. */
import { customType, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChallengeId } from '../../../domain/ventoux.ts';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const challenge = (name: string) => text(name).$type<ChallengeId>();

/** Raw bytes: a Buffer for `pg`, a Uint8Array from PGlite; both read back as a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});
