/**
 * One high-accuracy position for a stamp, with a bounded wait: a phone in a valley at 2 a.m. may never get a fix,
 * and the rider must then be told, not left with a spinner.
 */
export const POSITION_TIMEOUT_MS = 20_000;

export interface Position {
  lat: number;
  lon: number;
  accuracy_m: number;
}

export type PositionFailure = 'denied' | 'unavailable' | 'timeout';

export function currentPosition(): Promise<Position | PositionFailure> {
  if (!('geolocation' in navigator)) return Promise.resolve('unavailable');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude, accuracy_m: coords.accuracy }),
      (error) =>
        resolve(
          error.code === error.PERMISSION_DENIED
            ? 'denied'
            : error.code === error.TIMEOUT
              ? 'timeout'
              : 'unavailable',
        ),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
