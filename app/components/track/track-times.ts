/** Times of a ride as the track report shows them: clock times and days in Paris time, durations in h and min. */
import { useTranslation } from 'react-i18next';
import { localeTag } from '../public/format.ts';

export function useTrackTimes() {
  const { i18n } = useTranslation();
  const tag = localeTag(i18n.language);
  const clock = new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'Europe/Paris' });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Paris' });
  return {
    clock: (iso: string | null) => (iso ? clock.format(new Date(iso)) : '—'),
    /** A calendar day (YYYY-MM-DD) read at noon, so no time zone moves it. */
    day: (date: string) => day.format(new Date(`${date}T12:00:00Z`)),
    duration: (seconds: number | null) => {
      if (seconds === null) return '—';
      const minutes = Math.round(seconds / 60);
      return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
    },
  };
}
