/** Times of a ride as the track report shows them: clock times and days in Paris time, durations in h and min. */
import { formatDuration } from '../../../domain/duration.ts';
import { useFormat } from '../../lib/format.ts';

export function useTrackTimes() {
  const format = useFormat();
  return {
    clock: (iso: string | null) => (iso ? format.time(iso) : '—'),
    /** A calendar day (YYYY-MM-DD), as it is: no time zone moves it. */
    day: (date: string) => format.date(date),
    duration: (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds)),
  };
}
