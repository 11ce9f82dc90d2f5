/**
 * The shapes the admin pages read: the answers of the admin services (which the admin API sends as JSON too),
 * defined once in contracts/ for both sides, and the lists the admin URLs name.
 */
import type { AdminListId } from '../../../domain/statuses.ts';
import type { CandidateOrder, HomologationSummary } from '../../../contracts/admin.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';

export type {
  StaffMember,
  CandidateDetail,
  CandidateOrder,
  CandidatePage,
  CandidateRecord,
  CandidateRow,
  DashboardData,
  HistoryEntry,
  HomologationSummary,
  ScannedCard,
} from '../../../contracts/admin.ts';
export type { MyHomologation } from '../../../contracts/account.ts';

/** An ISO timestamp; formatters also take a Date. */
export type Timestamp = string | Date;
export type Challenge = ChallengeId;

/** The lists of the inscriptions pages (`/administration/inscriptions/:list`). */
export const INSCRIPTION_LISTS = [
  'consent',
  'traitements',
  'email',
  'retrait',
  'traites',
] as const satisfies readonly AdminListId[];
export type InscriptionList = (typeof INSCRIPTION_LISTS)[number];

/** The homologation lists: the API's admin lists that are not inscription lists. */
export type HomologationList = Exclude<AdminListId, InscriptionList>;

/**
 * The club's addresses of the homologation lists, under `/{lang}/administration/`: in progress at
 * `homologations`, the history at `homologations/historique`. server/plugins/legacy-redirects.ts answers 301 from
 * the earlier `homologations/in-progress` and `homologations/history`.
 */
export const HOMOLOGATION_LIST_PATHS: Record<HomologationList, string> = {
  in_progress: 'homologations',
  history: 'homologations/historique',
};

/** `/{lang}/administration/homologations[/historique]` */
export const homologationListUrl = (lang: string, list: HomologationList) =>
  `/${lang}/administration/${HOMOLOGATION_LIST_PATHS[list]}`;

export type CandidateListId = AdminListId;

export type Homologator = NonNullable<HomologationSummary['homologateur']>;
export type Address = NonNullable<CandidateOrder['adresse_livraison']>;

/** The outcome of the last decision on a candidate's page, shown above the panel (or on the next card's page). */
export type JudgementOutcome =
  | { kind: 'homologated'; numero: number; epreuve: Challenge; name: string }
  | { kind: 'rejected'; name: string }
  | { kind: 'corrected' }
  | { kind: 'cancelled' };

export interface PrintJobStatus {
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
}
