/** Stamps as a rider's phone sends them (POST /api/candidates/{id}/stamps), at the controls' own positions. */
import crypto from 'node:crypto';
import { addDays, startOfDay, today } from '../../domain/dates.ts';
import { type ControlId, controlById } from '../../domain/route-card/controls.ts';
import type { ChallengeId } from '../../domain/ventoux.ts';
import { challengeById } from '../../domain/ventoux.ts';
import { footOf } from '../../domain/route-card/controls.ts';

export interface PhoneStamp {
  client_id: string;
  control: string;
  at: string;
  lat: number | null;
  lon: number | null;
  accuracy_m: number | null;
}

/** Yesterday in Paris at `hour`:`minute`: within a week, never in the future, always one club day. */
export function yesterdayAt(hour: number, minute = 0): Date {
  return new Date(startOfDay(addDays(today(), -1)).getTime() + (hour * 60 + minute) * 60_000);
}

export function phoneStamp(
  control: ControlId | string,
  at: Date,
  overrides: Partial<PhoneStamp> = {},
): PhoneStamp {
  const place = controlById(control as ControlId) as { lat: number; lon: number } | undefined;
  return {
    client_id: crypto.randomUUID(),
    control,
    at: at.toISOString(),
    lat: place?.lat ?? 44.174,
    lon: place?.lon ?? 5.2786,
    accuracy_m: 12,
    ...overrides,
  };
}

/** A whole challenge stamped yesterday from 01:00, each ascent foot to summit in 1 h 30, an hour between them. */
export function stampedDay(challenge: ChallengeId): PhoneStamp[] {
  let minute = 60;
  return challengeById(challenge).ascents.flatMap((road) => {
    const controls: ControlId[] =
      road === 'forest' ? [footOf(road), 'forest', 'summit'] : [footOf(road), 'summit'];
    const stamps = controls.map((control, index) =>
      phoneStamp(control, yesterdayAt(0, minute + (index * 90) / (controls.length - 1))),
    );
    minute += 150;
    return stamps;
  });
}
