/** The electronic route card as the API answers it (issue 43): the rider's phone page and the desk read it. */
import type { ControlId, ControlKind } from '../domain/route-card/controls.ts';
import type { StampFlag, StampRefusal } from '../domain/route-card/stamp-checks.ts';
import type { RoadId } from '../domain/ventoux.ts';
import type { ChallengeId } from '../domain/ventoux.ts';

export interface RouteCardControl {
  id: ControlId;
  /** null for the summit, which every road reaches. */
  road: RoadId | null;
  kind: ControlKind;
  lat: number;
  lon: number;
  radius_m: number;
}

export interface RouteCardStamp {
  id: number;
  client_id: string;
  /** As sent: an unknown control is kept, refused. */
  control: string;
  /** ISO 8601 in UTC: taken (the phone's clock), received (the server's). */
  at: string;
  received_at: string;
  lat: number | null;
  lon: number | null;
  accuracy_m: number | null;
  status: 'accepted' | 'refused';
  code: StampRefusal | null;
  flags: StampFlag[];
}

/** GET /api/candidates/{id}/stamps. */
export interface RouteCard {
  candidate_id: number;
  epreuve: ChallengeId;
  /** Whether stamps are taken now (the kit has gone out, the registration is not decided). */
  open: boolean;
  controls: RouteCardControl[];
  /** Where a stamp counts now, the open ascent's next control first (domain/route-card/sequence.ts). */
  expected: ControlId[];
  /** Every stamp received, accepted or refused, by the time it was taken. */
  stamps: RouteCardStamp[];
  complete: boolean;
}

export interface StampResult {
  client_id: string;
  status: 'accepted' | 'refused';
  code?: StampRefusal;
}

/** POST /api/candidates/{id}/stamps: a line per stamp sent, in order. */
export interface StampsSent {
  results: StampResult[];
  complete: boolean;
}
