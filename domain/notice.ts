/**
 * The club's notice to riders (issue 47) and its texts in six languages, without the schemas that check them
 * (domain/settings.ts): the pages import this module, and the validation library has no place in their scripts.
 */
import type { CalendarDate } from './dates.ts';
import type { Locale } from './locales.ts';

/** A text in the six languages; an empty one is read in French (`inLanguage`). */
export type LocalizedText = Record<Locale, string>;

export const NOTICE_KINDS = ['information', 'road_closed', 'heat'] as const;

export interface Notice {
  kind: (typeof NOTICE_KINDS)[number];
  /** Its first and last days, both shown. */
  from: CalendarDate;
  to: CalendarDate;
  text: LocalizedText;
}

/** A text in `locale`, or in French when that language's is empty. */
export const inLanguage = (value: LocalizedText, locale: Locale): string => value[locale] || value.fr;

/** The notice riders see on `day`: the club's, from its first day to its last, both included. */
export const noticeShownOn = (notice: Notice | null, day: CalendarDate): Notice | null =>
  notice && notice.from <= day && day <= notice.to ? notice : null;
