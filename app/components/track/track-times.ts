/** Times of a ride as the track report shows them: clock times and days in Paris time, durations in h and min. */
import { useFormat } from '../../lib/format.ts';

export function useTrackTimes() {
  const format = useFormat();
  return {
    clock: (iso: string | null) => (iso ? format.time(iso) : '—'),
    /** A calendar day (YYYY-MM-DD), as it is: no time zone moves it. */
    day: (date: string) => format.date(date),
    duration: (seconds: number | null) => {
      if (seconds === null) return '—';
      const minutes = Math.round(seconds / 60);
      return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
    },
  };
}
