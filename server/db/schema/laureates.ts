/** Laureates: the people of the public ranking, and the keys that sign their diplomas. */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';

/** A person in the public ranking: one row per rider, so repeat riders keep one palmarès. */
export const laureates = pgTable(
  'laureates',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    civilite: text('civilite', { enum: ['mme', 'm'] }),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    date_naissance: date('date_naissance', { mode: 'string' }),
    pays: text('pays'),
    nationalite: text('nationalite'),
    ville: text('ville'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-case, accent-free "nom prenom ville", searched through a trigram index. */
    searchText: text('search_text').notNull(),
    /** Identity used to link the rows of the same person: normalized nom|prenom|date_naissance. */
    identityKey: text('identity_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('laureates_email_idx').on(table.email),
    // Finds the laureates of a display restriction, whose emails compare case-insensitively.
    index('laureates_email_lower_idx').on(sql`lower(${table.email})`),
    index('laureates_identity_idx').on(table.identityKey),
    index('laureates_nom_idx').on(table.nom, table.prenom),
    index('laureates_pays_idx').on(table.pays),
    index('laureates_nationalite_idx').on(table.nationalite),
    // Sorting the public table: each sort key, then the laureate id as tie-breaker, in both directions with
    // empty values last (see the laureates ranking decision record in docs/decisions/).
    index('laureates_prenom_sort_idx').on(table.prenom, table.nom, table.id),
    index('laureates_civilite_sort_idx').on(table.civilite, table.id),
    index('laureates_civilite_sort_desc_idx').on(table.civilite.desc().nullsLast(), table.id.desc()),
    index('laureates_birth_year_sort_idx').on(sql`(extract(year from ${table.date_naissance}))`, table.id),
    index('laureates_birth_year_sort_desc_idx').on(
      sql`(extract(year from ${table.date_naissance})) desc nulls last`,
      table.id.desc(),
    ),
    index('laureates_pays_sort_idx').on(table.pays, table.id),
    index('laureates_pays_sort_desc_idx').on(table.pays.desc().nullsLast(), table.id.desc()),
    index('laureates_nationalite_sort_idx').on(table.nationalite, table.id),
    index('laureates_nationalite_sort_desc_idx').on(table.nationalite.desc().nullsLast(), table.id.desc()),
  ],
);

/**
 * The club's Ed25519 keys that sign diploma statements (decision 0033). One is in use (`retiredAt` null); retired
 * ones stay published in `/.well-known/jwks.json` so that statements signed before a rotation still verify.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** Private JWK; null for a key given by configuration, which is only recorded here to stay published. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
  publicJwk: jsonb('public_jwk').$type<{ kty: string; crv: string; x: string }>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamptz('retired_at'),
});
