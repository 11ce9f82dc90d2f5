/**
 * The homologation forms' rules: the API's body schemas (domain/schemas/admin.ts), checked in the browser before
 * the API checks them again, with what only the form knows added: the day of the ride is not in the future and
 * not before the registration (both in the club's time zone). Messages are keys of the `validation` namespace.
 */
import { calendarDateOf, today, type CalendarDate } from '../../../domain/dates.ts';
import {
  homologationBody,
  homologationCorrectionBody,
  rejectionBody,
} from '../../../domain/schemas/admin.ts';
import type { Timestamp } from './types.ts';

/** The calendar day of a registration (a timestamp) in the club's time zone. */
export function registrationDay(createdAt: Timestamp): CalendarDate {
  return calendarDateOf(createdAt instanceof Date ? createdAt : new Date(createdAt));
}

function datePassageField(registeredOn: CalendarDate, now: Date) {
  return homologationBody.shape.date_passage
    .refine((date) => date <= today(now), { error: 'validation:date_passage_future', abort: true })
    .refine((date) => date >= registeredOn, { error: 'validation:date_passage_before_registration' });
}

export function homologateSchema(registeredOn: CalendarDate, now: Date = new Date()) {
  return homologationBody.extend({ date_passage: datePassageField(registeredOn, now) });
}

/** A rejection needs a reason, since the rider receives it by email. */
export const rejectSchema = rejectionBody;

export function correctionSchema(registeredOn: CalendarDate, now: Date = new Date()) {
  return homologationCorrectionBody.extend({ date_passage: datePassageField(registeredOn, now) });
}
