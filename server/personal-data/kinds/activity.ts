/** The connection to an activity service (Strava): who the person is there and since when, never the tokens. */
import { activityConnections } from '../../db/schema/index.ts';
import { type PersonalDataKind, recordsOf, sameAs } from '../kind.ts';

export const activityConnectionsKind: PersonalDataKind = {
  id: 'activity_connections',
  owner: ['account'],
  copy: recordsOf((db, { userId }) =>
    db
      .select({
        provider: activityConnections.provider,
        athlete_id: activityConnections.athleteId,
        scope: activityConnections.scope,
        connected_at: activityConnections.createdAt,
        updated_at: activityConnections.updatedAt,
      })
      .from(activityConnections)
      .where(sameAs(activityConnections.userId, userId)),
  ),
  retention: { keep: 'withdrawal' },
};
