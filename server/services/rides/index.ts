/** Rides and activities: the track files attached and checked, the route card's stamps, the same ride sent twice, the activity services' connections and their sealed tokens. */
export { createActivitySources } from './activity-sources.ts';
export { createTokenCipher } from './token-cipher.ts';
export { createTracksService } from './tracks.ts';
export { createStampsService } from './stamps.ts';
