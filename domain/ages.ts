/**
 * Age rules for candidates: nobody under 14 on the day of the order; from 14 to 17 a parental authorisation and a
 * medical certificate are required.
 */
import { ageOn, type CalendarDate } from './dates.ts';
import { CLUB_FACTS } from './ventoux.ts';

export const MIN_AGE: number = CLUB_FACTS.minimumAge;
export const ADULT_AGE: number = CLUB_FACTS.adultAge;

export const AGE_CATEGORIES = ['too_young', 'minor', 'adult'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** The candidate's category by age on the day of the order. */
export function ageCategory(birthDate: CalendarDate, orderDate: CalendarDate): AgeCategory {
  const age = ageOn(birthDate, orderDate);
  if (age < MIN_AGE) return 'too_young';
  return age < ADULT_AGE ? 'minor' : 'adult';
}

/** True when the candidate must hold a parental authorisation and a medical certificate (14 to 17). */
export function requiresParentalDocuments(birthDate: CalendarDate, orderDate: CalendarDate): boolean {
  return ageCategory(birthDate, orderDate) === 'minor';
}
