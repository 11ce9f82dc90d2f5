/**
 * What crosses the wire in the admin area: the candidate lists, a candidate's file, the dashboard and the
 * administrators. The admin API sends them as JSON and the admin pages' loaders read them in-process; the
 * services declare these as their answers, so both sides are checked against one definition.
 */
import type { ActivityProvider, ApplicationRefusal } from '../domain/activity-providers.ts';
import type { EvidenceState, EvidenceTrackSource } from '../domain/evidence.ts';
import type { ControlId } from '../domain/route-card/controls.ts';
import type { StampFlag } from '../domain/route-card/stamp-checks.ts';
import type { Guardian } from '../domain/schemas/candidate.ts';
import type { TrackFlag, Verdict } from '../domain/schemas/track.ts';
import type { CIVILITES } from '../domain/schemas/common.ts';
import type { StaffRole } from '../domain/roles.ts';
import type { CandidateStatus, DeliveryMode, OrderStatus } from '../domain/statuses.ts';
import type { Address } from '../domain/schemas/order.ts';
import type { ChallengeId } from '../domain/ventoux.ts';
import type { DocumentLink } from './orders.ts';

/** A person named in the admin screens (who certified, who acted). */
export interface Person {
  id: number;
  name: string;
}

export interface HomologationSummary {
  id: number;
  numero: number;
  epreuve: string;
  date_passage: string | null;
  /** The diploma's public check code (domain/diploma.ts). */
  diploma_code: string;
  homologateur: (Person & { president: boolean }) | null;
}

/** One line of a candidate list. */
export interface CandidateRow {
  id: number;
  reference: string;
  nom: string;
  prenom: string;
  email: string;
  epreuve: ChallengeId;
  created_at: string;
  date_livraison: string | null;
  mode_livraison: string | null;
  point_retrait: string | null;
  statut: CandidateStatus;
  ville: string;
  pays: string;
  rejectionReason: string | null;
  /** Who rejected the ride (or cancelled its homologation), for a rejected candidate. */
  rejectedBy: Person | null;
  homologation: HomologationSummary | null;
  /** What the volunteer weighs before homologating (the in-progress list only). */
  evidence?: CandidateEvidence;
  /** The buyer's open request to cancel this registration: while it is open, no kit is sent (issue 48). */
  cancellation_request: { id: number; asked_at: string } | null;
}

/** A returned card's evidence (domain/evidence.ts): the card, the attached ride, the latest request to the rider. */
export interface CandidateEvidence {
  state: EvidenceState;
  card_received_at: string | null;
  /** The attached ride: its verdict for the registered challenge, where it came from, its day and flags. */
  track: { verdict: Verdict; source: EvidenceTrackSource; day: string | null; flags: TrackFlag[] } | null;
  /** The electronic route card's accepted stamps (decision 0049); null without any. */
  stamps: StampsEvidence | null;
  request: { asked_at: string; answered_at: string | null } | null;
}

/** The stamps as evidence: complete for the registered challenge, how many, where one counts next, their flags. */
export interface StampsEvidence {
  complete: boolean;
  count: number;
  expected: ControlId[];
  flags: StampFlag[];
  /** The club's day (Paris) they were taken on. */
  day: string;
}

/** A volunteer's request to the rider for more evidence, as the candidate's file lists it. */
export interface EvidenceRequestView {
  id: number;
  message: string;
  asked_by: Person | null;
  asked_at: string;
  answered_at: string | null;
}

/** One line of a batch homologation's answer. */
export interface BatchHomologationResult {
  candidate_id: number;
  status: 'homologated' | 'skipped' | 'refused';
  numero?: number;
  code?: string;
}

/** A route card taken in by the scan (POST /api/admin/scan): who it is, and the status it had before. */
export interface ScannedCard {
  candidateId: number;
  reference: string;
  statut: 'card_received';
  previous: CandidateStatus;
  nom: string;
  prenom: string;
  epreuve: ChallengeId;
}

export interface CandidatePage {
  items: CandidateRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The candidate's own fields; the scan token stays secret (it is only ever printed as the QR code). */
export interface CandidateRecord {
  id: number;
  orderId: number | null;
  commande_index: number;
  reference: string;
  epreuve: ChallengeId;
  civilite: (typeof CIVILITES)[number];
  nom: string;
  prenom: string;
  email: string;
  portable: string;
  date_naissance: string;
  adresse: string;
  complement: string;
  code_postal: string;
  ville: string;
  pays: string;
  nationalite: string;
  attestation_condition_physique: boolean;
  attestation_assurance: boolean;
  autorisation_parentale: boolean;
  certificat_medical: boolean;
  /** A minor's guardian; null for an adult. */
  tuteur: Guardian | null;
  statut: CandidateStatus;
  date_passage: string | null;
  epreuve_realisee: ChallengeId | null;
  commentaire: string | null;
  rejectionReason: string | null;
  created_at: string;
  processed_at: string | null;
  card_received_at: string | null;
  documents_sent_at: string | null;
}

export interface CandidateOrder {
  id: number;
  reference: string;
  status: OrderStatus;
  mode_livraison: DeliveryMode;
  date_livraison: string;
  point_retrait: string | null;
  adresse_livraison: Address;
  adresse_facturation: Address;
  buyer: { id: number; email: string; nom: string; prenom: string } | null;
}

/** One line of the audit log about a candidate or its order. */
export interface HistoryEntry {
  id: number;
  action: string;
  actor: Person | null;
  createdAt: string;
  before: unknown;
  after: unknown;
}

export interface CandidateDetail {
  candidate: CandidateRecord;
  order: CandidateOrder | null;
  documents: DocumentLink[];
  homologation: HomologationSummary | null;
  history: HistoryEntry[];
  /** The club's requests to the rider for more evidence, newest first. */
  evidenceRequests: EvidenceRequestView[];
  /** Where a minor's guardian consent stands; null when no link went and nothing was recorded. */
  guardianConsent: {
    sent_at: string;
    decision: 'confirmed' | 'refused' | null;
    decided_at: string | null;
    method: 'link' | 'paper' | null;
  } | null;
}

export interface DashboardData {
  counts: {
    /** Minors' registrations waiting for their guardian's answer: nothing to send yet. */
    consent: number;
    traitements: number;
    email: number;
    retrait: number;
    in_progress: number;
    /** Requests to riders answered (a ride attached since) on cards still waiting to be judged. */
    evidence_answered: number;
    /** Buyers' cancellation requests waiting for a volunteer. */
    cancellation_requests: number;
  };
  /** The season's money: null for someone whose roles do not read it (`money.read`). */
  season: {
    from: string;
    to: string;
    orders: number;
    revenueCents: number;
    currency: string;
    /** Payments confirmed in, refunds succeeded out, in cents (the ledger's totals). */
    money: { inCents: number; outCents: number; netCents: number };
  } | null;
  laureatesTotal: number;
  monthly: { month: string; registrations: number; homologations: number }[];
  /**
   * Activity services refusing the club's application (Strava inactive, or at its athlete limit), for every
   * volunteer: someone must renew it (docs/DEPLOY.md). Empty when all is well.
   */
  activityRefusals: { provider: ActivityProvider; reason: ApplicationRefusal; since: string }[];
  /** The audit log's latest acts: null for someone whose roles do not read it (`audit.read`). */
  latestActions:
    | {
        id: number;
        action: string;
        entity: string;
        entityId: string;
        /** The reference a volunteer knows it by (a candidate's or an order's), null for other entities. */
        reference: string | null;
        actor: Person | null;
        createdAt: string;
      }[]
    | null;
}

/** A person of the back office, as those who manage people see them (GET /api/admin/users). */
export interface StaffMember {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  /** The club's president who signs the diplomas (not a permission). */
  president: boolean;
  roles: StaffRole[];
  createdAt: string;
  lastSignInAt: string | null;
  /** Whether they have set up their second factor (a role asks for one). */
  second_factor: boolean;
}

/** One entry of the audit log, as its page and `GET /api/admin/audit` show it. */
export interface AuditLogEntry {
  id: number;
  action: string;
  entity: string;
  entity_id: string;
  /** Who did it; null for the club's tools (the command line, the background jobs) and automatic changes. */
  actor: { id: number; name: string; email: string } | null;
  created_at: string;
  before: unknown;
  after: unknown;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** The `before` of the next, older page; null on the last. */
  next: number | null;
}
