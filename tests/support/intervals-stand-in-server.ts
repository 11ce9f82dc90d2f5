/**
 * The intervals.icu stand-in as a process, to try the site's intervals.icu connection without an application
 * there (README): every athlete who connects has a cingle ridden two days ago, a climb of Bédoin and a run.
 */
import { stravaRidesOfE2eAthletes } from './strava-e2e-rides.ts';
import { startIntervalsStandIn } from './intervals-stand-in.ts';

const port = Number(process.argv[2] ?? process.env.INTERVALS_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: intervals-stand-in-server.ts <port>');
const standIn = await startIntervalsStandIn(port);
// The same rides as the Strava stand-in's athletes, under intervals.icu's ids and types.
standIn.everyAthlete(() =>
  stravaRidesOfE2eAthletes().map((ride) => ({
    id: `i${ride.id}`,
    name: ride.name,
    type: ride.sport_type,
    points: ride.points,
  })),
);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
