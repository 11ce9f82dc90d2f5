/**
 * The Ride with GPS stand-in as a process, for the browser journeys (playwright.config.ts starts it beside the
 * site, which points RWGPS_URL at it). Every user who connects is a new one with the trips of
 * ridewithgps-e2e-trips.ts.
 */
import { rideWithGpsTripsOfE2eUsers } from './ridewithgps-e2e-trips.ts';
import { startRideWithGpsStandIn } from './ridewithgps-stand-in.ts';

const port = Number(process.argv[2] ?? process.env.RWGPS_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: ridewithgps-stand-in-server.ts <port>');
const standIn = await startRideWithGpsStandIn(port);
standIn.everyUser(rideWithGpsTripsOfE2eUsers);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
