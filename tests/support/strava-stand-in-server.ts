/**
 * The Strava stand-in as a process, for the browser journeys (playwright.config.ts starts it beside the site,
 * which points STRAVA_OAUTH_URL and STRAVA_API_URL at it). Every rider who connects is a new athlete with the
 * rides of strava-e2e-rides.ts.
 */
import { stravaRidesOfE2eAthletes } from './strava-e2e-rides.ts';
import { startStravaStandIn } from './strava-stand-in.ts';

const port = Number(process.argv[2] ?? process.env.STRAVA_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: strava-stand-in-server.ts <port>');
const standIn = await startStravaStandIn(port);
standIn.everyAthlete(stravaRidesOfE2eAthletes);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
