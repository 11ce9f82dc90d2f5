/**
 * The electronic route card (issue 43, decision 0049): every stamp a rider's phone sent, accepted or refused, as
 * the server judged it when it arrived. A stamp sent again (the phone retries) is the same row: `client_id` is
 * unique per candidate. Goes with the candidate.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StampFlag, StampRefusal } from '../../../domain/route-card/stamp-checks.ts';
import { challenge, timestamptz } from './columns.ts';
import { candidates } from './orders.ts';

export const routeCardStamps = pgTable(
  'route_card_stamps',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    /** The phone's own id for the stamp, so that a stamp sent twice is stored once. */
    clientId: text('client_id').notNull(),
    /** The control as sent (an unknown one is kept, refused). */
    control: text('control').notNull(),
    /** When the phone took it, by the phone's clock. */
    at: timestamptz('at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    accuracyM: doublePrecision('accuracy_m'),
    status: text('status', { enum: ['accepted', 'refused'] }).notNull(),
    /** Why it was refused. */
    code: text('code').$type<StampRefusal>(),
    /**
     * The challenge this accepted stamp made the card complete for (the last summit of the sequence), so that the
     * desk's list tells a complete card in SQL (server/services/homologations/evidence.ts).
     */
    completes: challenge('completes'),
    flags: text('flags')
      .array()
      .$type<StampFlag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('route_card_stamps_client_idx').on(table.candidateId, table.clientId),
    index('route_card_stamps_candidate_at_idx').on(table.candidateId, table.at),
  ],
);
