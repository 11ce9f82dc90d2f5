/** The stamps of the electronic route card, for any registration the copy covers (the buyer's and the rider's). */
import { eq } from 'drizzle-orm';
import { candidates, routeCardStamps } from '../../db/schema/index.ts';
import { type PersonalDataKind, columns, recordsOf } from '../kind.ts';
import { registrationsOf } from './orders.ts';

export const routeCardStampsKind: PersonalDataKind = {
  id: 'route_card_stamps',
  owner: ['account', 'address'],
  copy: recordsOf((db, subject) =>
    db
      .select(
        columns(routeCardStamps, [
          'candidateId',
          'clientId',
          'control',
          'at',
          'receivedAt',
          'lat',
          'lon',
          'accuracyM',
          'status',
          'code',
          'flags',
        ]),
      )
      .from(routeCardStamps)
      .innerJoin(candidates, eq(candidates.id, routeCardStamps.candidateId))
      .where(registrationsOf(subject))
      .orderBy(routeCardStamps.candidateId, routeCardStamps.at),
  ),
  // Like the attached rides: evidence of the registration, which goes with it (the rows cascade).
  retention: { keep: 'order' },
};
