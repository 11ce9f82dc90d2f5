/**
 * The home page's glimpse of the ranking, as the teaser service answers it and the home page draws it. (The
 * ranking and a laureate's palmarès have zod schemas in domain/schemas/laureates.ts.)
 */
import type { ChallengeId } from '../domain/ventoux.ts';

export interface TeaserLaureate {
  homologationId: number;
  laureateId: number;
  prenom: string;
  nom: string;
  pays: string | null;
  epreuve: ChallengeId;
  numero: number;
  /** ISO 8601 UTC. */
  homologatedAt: string;
}

export interface LaureateTeaser {
  /** Laureates (people, not rides) with at least one publicly shown homologation. */
  total: number;
  latest: TeaserLaureate[];
}
