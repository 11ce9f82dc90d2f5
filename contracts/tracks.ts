/** A GPS file attached to a candidate, with its analysis: answered to the buyer or an admin, drawn by the admin page. */
import type { TrackSource } from '../domain/activity-providers.ts';
import type { TrackAnalysis } from '../domain/schemas/track.ts';

export interface StoredTrack {
  candidate_id: number;
  format: TrackAnalysis['format'];
  uploaded_at: string;
  /** An uploaded file, or a ride brought from an activity service (then with the activity's id there). */
  source: TrackSource;
  activity_id: string | null;
  analysis: TrackAnalysis;
}
