/** Rides and activities: the track files attached and checked, the route card's stamps, the same ride sent twice, Strava's connection and its sealed tokens. */
export { createActivityConnectionsService } from './activity-connections.ts';
export { createTokenCipher } from './token-cipher.ts';
export { createTracksService } from './tracks.ts';
export { createStampsService } from './stamps.ts';
