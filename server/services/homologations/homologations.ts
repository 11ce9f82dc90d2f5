/**
 * Returned route cards and homologations (`services.homologations`), every operation for administrators but the
 * rider's own list: scanning a card (homologation-scan.ts), deciding on it (homologation-decisions.ts), reopening
 * a rejected ride (homologation-reopening.ts), cancelling or correcting a homologation (homologation-records.ts),
 * and a rider's homologations (homologations-of-rider.ts).
 * The batch (homologation-batch.ts) is added to it in index.ts.
 */
import type { Locale } from '../../../domain/locales.ts';
import { type Caller, hasVerifiedEmail } from '../guards.ts';
import type { HomologationDeps } from './homologation-candidate.ts';
import {
  type Decide,
  homologateWhen,
  type HomologationInput,
  rejectCandidate,
} from './homologation-decisions.ts';
import { cancelHomologation, correctHomologation } from './homologation-records.ts';
import { reopenCandidate } from './homologation-reopening.ts';
import { scanCard } from './homologation-scan.ts';
import { homologationsOfRider } from './homologations-of-rider.ts';

export function createHomologationsService(deps: HomologationDeps) {
  return {
    scan: (caller: Caller, text: string, options: { confirm?: boolean } = {}) =>
      scanCard(deps, caller, text, options),

    homologate: (caller: Caller, candidateId: number, input: HomologationInput, now = new Date()) =>
      homologateWhen(deps, caller, candidateId, async () => input, now),

    homologateWhen: (caller: Caller, candidateId: number, decide: Decide, now = new Date()) =>
      homologateWhen(deps, caller, candidateId, decide, now),

    reject: (caller: Caller, candidateId: number, reason: string) =>
      rejectCandidate(deps, caller, candidateId, reason),

    reopen: (caller: Caller, candidateId: number) => reopenCandidate(deps, caller, candidateId),

    cancel: (caller: Caller, homologationId: number, reason: string) =>
      cancelHomologation(deps, caller, homologationId, reason),

    correct: (
      caller: Caller,
      homologationId: number,
      input: { date_passage: string | null; commentaire: string | null },
    ) => correctHomologation(deps, caller, homologationId, input),

    forUser: (caller: Caller, locale: Locale) => homologationsOfRider(deps, caller, locale),
    /** The same for the account page, which shows the list once the address is confirmed and says why until then. */
    forUserOnceVerified: (caller: Caller, locale: Locale) =>
      hasVerifiedEmail(caller) ? homologationsOfRider(deps, caller, locale) : Promise.resolve(null),
  };
}
