/**
 * The shapes the admin pages read: the answers of the admin services (which the admin API sends as JSON too),
 * taken from the services' own types rather than written again, and the lists the admin URLs name.
 */
import type { AdminListId } from '../../../domain/statuses.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { AccountsService } from '../../../server/services/accounts.ts';
import type { AdminService } from '../../../server/services/admin.ts';
import type { HomologationsService } from '../../../server/services/homologations.ts';

/** An ISO timestamp; formatters also take a Date. */
export type Timestamp = string | Date;
export type Challenge = ChallengeId;

/** The lists of the inscriptions pages (`/administration/inscriptions/:list`). */
export const INSCRIPTION_LISTS = [
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

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type CandidatePage = Answer<AdminService['listCandidates']>;
export type CandidateRow = CandidatePage['items'][number];
export type HomologationSummary = NonNullable<CandidateRow['homologation']>;
export type Homologator = NonNullable<HomologationSummary['homologateur']>;

export type DashboardData = Answer<AdminService['dashboard']>;

export type CandidateDetail = Answer<AdminService['candidateDetail']>;
export type CandidateRecord = CandidateDetail['candidate'];
export type CandidateOrder = NonNullable<CandidateDetail['order']>;
export type HistoryEntry = CandidateDetail['history'][number];
export type Address = NonNullable<CandidateOrder['adresse_livraison']>;

export type AdminUser = Answer<AccountsService['listAdmins']>[number];

/** GET /api/me/homologations, as the account page reads it. */
export type MyHomologation = Answer<HomologationsService['forUser']>[number];

export interface PrintJobStatus {
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
}
