/**
 * What crosses the wire about orders: an order as its owner sees it (GET /api/orders, the account and order
 * pages), the pick-up points, and the built-in test provider's payment page. The services declare these as their
 * answers, so the server and the pages are checked against one definition.
 */
import type { Price } from '../domain/prices.ts';
import type { CalendarDate } from '../domain/dates.ts';
import type { CandidateChangeField, CandidateChangeScope } from '../domain/registration-changes.ts';
import type { RegistrationProgress } from '../domain/registration-progress.ts';
import type { CIVILITES } from '../domain/schemas/common.ts';
import type { Address } from '../domain/schemas/order.ts';
import type { CandidateStatus, DeliveryMode, OrderStatus, PaymentMode } from '../domain/statuses.ts';
import type { ChallengeId } from '../domain/ventoux.ts';

/** A generated PDF, served at `url` to its owner and to admins. */
export interface DocumentLink {
  kind: 'route_card' | 'frame_plate';
  url: string;
}

export interface PresentedCandidate {
  id: number;
  commande_index: number;
  reference: string;
  statut: CandidateStatus;
  epreuve: ChallengeId;
  civilite: (typeof CIVILITES)[number];
  nom: string;
  prenom: string;
  email: string;
  date_naissance: string;
  documents: DocumentLink[];
  /** When the documents were last emailed to the candidate; null until then. */
  documents_sent_at: string | null;
  /** The registration's path after the order, drawn as steps on the account page. */
  progress: RegistrationProgress;
  /** What its buyer may still change (domain/registration-changes.ts): all, identity and contact, or nothing. */
  changeable: CandidateChangeScope;
  /** A minor's guardian and where their consent stands; null for an adult. */
  guardian: {
    prenom: string;
    nom: string;
    email: string;
    /** When the latest link was sent; null when none was (yet). */
    sent_at: string | null;
    decision: 'confirmed' | 'refused' | null;
  } | null;
}

/** What the guardian's page shows of the registration its link is for. */
export interface GuardianConsentView {
  /** open: waiting for the answer; answered: the link was used; expired: too old, the buyer can send another. */
  state: 'open' | 'answered' | 'expired';
  decision: 'confirmed' | 'refused' | null;
  candidate: { prenom: string; nom: string; epreuve: ChallengeId };
  guardian: { prenom: string; nom: string };
  reference: string;
  expires_at: string;
}

/** The guardian's answer as recorded. */
export interface GuardianConsentState {
  decision: 'confirmed' | 'refused';
}

/** A candidate as its buyer reads it to change it (GET and PATCH /api/candidates/{id}). */
export interface CandidateForChange {
  id: number;
  order_id: number;
  reference: string;
  statut: CandidateStatus;
  mode_livraison: DeliveryMode;
  /** The day of the order, on which ages are counted. */
  date_commande: CalendarDate;
  changeable: CandidateChangeScope;
  fields: Record<CandidateChangeField, string>;
}

/** The order as its owner sees it (docs/API.md payload shape). */
export interface PresentedOrder {
  id: number;
  reference: string;
  status: OrderStatus;
  /** Unpaid and not expired: the account offers to pay it (again). */
  payable: boolean;
  /** Paid and none of its kits started: its buyer may still change the delivery. */
  delivery_changeable: boolean;
  price: Price;
  date_commande: string;
  mode_livraison: DeliveryMode;
  date_livraison: string;
  point_retrait: string | null;
  mode_paiement: PaymentMode;
  adresse_livraison: Address;
  adresse_facturation: Address;
  candidats: PresentedCandidate[];
}

/** A pick-up point of the configuration, its opening hours written in the page's language. */
export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  hours: string;
}

export type PaymentStatus = 'created' | 'pending' | 'confirmed' | 'failed' | 'cancelled' | 'refunded';

/** The test provider's hosted page: the signed-in buyer's test payment. */
export interface TestCheckoutSession {
  paymentId: number;
  orderId: number;
  reference: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
}

/** The order form as the buyer left it, kept per account so it survives a reload or another device. */
export interface OrderDraftData {
  candidats: Record<string, unknown>[];
  [key: string]: unknown;
}
