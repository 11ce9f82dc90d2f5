/** The connection to an activity service (Strava): who the person is there and since when, never the tokens. */
import { activityConnections } from '../../db/schema/index.ts';
import { type PersonalDataKind, sameAs } from '../kind.ts';

export const activityConnectionsKind: PersonalDataKind = {
  id: 'activity_connections',
  owner: ['account'],
  async copy(db, { userId }) {
    const records = await db
      .select({
        provider: activityConnections.provider,
        athlete_id: activityConnections.athleteId,
        scope: activityConnections.scope,
        connected_at: activityConnections.createdAt,
        updated_at: activityConnections.updatedAt,
      })
      .from(activityConnections)
      .where(sameAs(activityConnections.userId, userId));
    return { records };
  },
  retention: { keep: 'withdrawal' },
};
