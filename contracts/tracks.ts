/** A GPS file attached to a candidate, with its analysis: answered to the buyer or an admin, drawn by the admin page. */
import type { TrackAnalysis } from '../domain/schemas/track.ts';

export interface StoredTrack {
  candidate_id: number;
  format: TrackAnalysis['format'];
  uploaded_at: string;
  analysis: TrackAnalysis;
}
