/**
 * The homologation forms' rules, checked in the browser before the API checks them again: the day of the ride is
 * a real day, not in the future and not before the registration (both in the club's time zone); a rejection
 * needs a reason, since the rider receives it by email. Messages are keys of the `validation` namespace.
 */
import * as z from 'zod';
import { calendarDateOf, today, type CalendarDate } from '../../../domain/dates.ts';
import { calendarDateField, optionalText, requiredText } from '../../../domain/schemas/common.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import type { Timestamp } from './types.ts';

export const COMMENT_MAX = 2000;

/** The calendar day of a registration (a timestamp) in the club's time zone. */
export function registrationDay(createdAt: Timestamp): CalendarDate {
  return calendarDateOf(createdAt instanceof Date ? createdAt : new Date(createdAt));
}

export function datePassageField(registeredOn: CalendarDate, now: Date = new Date()) {
  return calendarDateField('validation:date_passage_required', 'validation:date_passage_required')
    .refine((date) => date <= today(now), { error: 'validation:date_passage_future', abort: true })
    .refine((date) => date >= registeredOn, { error: 'validation:date_passage_before_registration' });
}

export function homologateSchema(registeredOn: CalendarDate, now: Date = new Date()) {
  return z.object({
    date_passage: datePassageField(registeredOn, now),
    epreuve_realisee: z.enum(CHALLENGE_IDS, {
      error: 'validation:epreuve_required',
    }),
    commentaire: optionalText(COMMENT_MAX),
  });
}

export const rejectSchema = z.object({
  reason: requiredText('validation:reason_required', COMMENT_MAX),
});

export function correctionSchema(registeredOn: CalendarDate, now: Date = new Date()) {
  return z.object({
    date_passage: datePassageField(registeredOn, now),
    commentaire: optionalText(COMMENT_MAX),
  });
}
