/**
 * The order draft as the pages hold it (GET/PUT /api/orders/draft): the candidates being filled in, then the
 * delivery choices and the payment mode. The server keeps it loosely validated, so whatever it answers is read
 * back field by field into the shapes the forms need, and written out in the shape candidateDraftSchema knows.
 */
import { ageCategory, type AgeCategory } from '../../../domain/ages.ts';
import { isValidCalendarDate } from '../../../domain/dates.ts';
import { MAX_CANDIDATES_PER_ORDER, hasMinorCandidate } from '../../../domain/schemas/order.ts';
import { blankCandidate, type CandidateDraft } from '../../../domain/schemas/candidate.ts';
import { CIVILITES } from '../../../domain/schemas/common.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import {
  DELIVERY_MODES,
  PAYMENT_MODES,
  type DeliveryMode,
  type PaymentMode,
} from '../../../domain/statuses.ts';

/** A delivery or billing address being filled in; '' where nothing is chosen yet. */
export interface AddressDraft {
  nom: string;
  prenom: string;
  adresse: string;
  complement: string;
  code_postal: string;
  ville: string;
  pays: string;
}

/** The draft as saved on the server. */
export interface OrderDraft {
  candidats: CandidateDraft[];
  mode_livraison?: DeliveryMode;
  date_livraison?: string;
  point_retrait?: string;
  adresse_livraison?: AddressDraft;
  adresse_facturation?: AddressDraft;
  mode_paiement?: PaymentMode;
  avertissement_mineurs?: boolean;
}

/**
 * A candidate as the inputs hold it: the same fields as CandidateDraft, with '' instead of null, because an
 * input's value cannot be null.
 */
export type CandidateValues = {
  [K in keyof CandidateDraft]: Exclude<CandidateDraft[K], null>;
};

export const EMPTY_ADDRESS: AddressDraft = {
  nom: '',
  prenom: '',
  adresse: '',
  complement: '',
  code_postal: '',
  ville: '',
  pays: '',
};

const NULLABLE_CANDIDATE_FIELDS = ['date_naissance', 'pays', 'nationalite'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Whatever the server holds for one candidate, read into a complete candidate of the right types. */
export function readCandidate(raw: unknown): CandidateDraft {
  const candidate = blankCandidate();
  if (!isRecord(raw)) return candidate;
  const target = candidate as Record<string, unknown>;
  for (const [field, blank] of Object.entries(candidate)) {
    const value = raw[field];
    if (typeof blank === 'boolean') {
      if (typeof value === 'boolean') target[field] = value;
    } else if (typeof value === 'string') {
      target[field] = value;
    }
  }
  // A minor's guardian, the one nested part of a candidate.
  if (isRecord(raw.tuteur)) {
    const guardian = { nom: '', prenom: '', email: '' };
    for (const field of Object.keys(guardian) as (keyof typeof guardian)[]) {
      const value = raw.tuteur[field];
      if (typeof value === 'string') guardian[field] = value;
    }
    candidate.tuteur = guardian;
  }
  if (candidate.epreuve !== '' && !(CHALLENGE_IDS as readonly string[]).includes(candidate.epreuve)) {
    candidate.epreuve = '';
  }
  if (candidate.civilite !== '' && !(CIVILITES as readonly string[]).includes(candidate.civilite))
    candidate.civilite = '';
  return candidate;
}

function readAddress(raw: unknown): AddressDraft | undefined {
  if (!isRecord(raw)) return undefined;
  const address = { ...EMPTY_ADDRESS };
  for (const field of Object.keys(address) as (keyof AddressDraft)[]) {
    const value = raw[field];
    if (typeof value === 'string') address[field] = value;
  }
  return address;
}

/** The draft the server answered (possibly null or partial), read into an OrderDraft. */
export function readDraft(raw: unknown): OrderDraft {
  if (!isRecord(raw)) return { candidats: [] };
  const draft: OrderDraft = {
    candidats: Array.isArray(raw.candidats) ? raw.candidats.map(readCandidate) : [],
  };
  const mode = oneOf(DELIVERY_MODES, raw.mode_livraison);
  if (mode) draft.mode_livraison = mode;
  if (typeof raw.date_livraison === 'string' && raw.date_livraison !== '') {
    draft.date_livraison = raw.date_livraison;
  }
  if (typeof raw.point_retrait === 'string' && raw.point_retrait !== '')
    draft.point_retrait = raw.point_retrait;
  const delivery = readAddress(raw.adresse_livraison);
  if (delivery) draft.adresse_livraison = delivery;
  const billing = readAddress(raw.adresse_facturation);
  if (billing) draft.adresse_facturation = billing;
  const payment = oneOf(PAYMENT_MODES, raw.mode_paiement);
  if (payment) draft.mode_paiement = payment;
  if (typeof raw.avertissement_mineurs === 'boolean') draft.avertissement_mineurs = raw.avertissement_mineurs;
  return draft;
}

export function toCandidateValues(candidate: CandidateDraft): CandidateValues {
  return {
    ...candidate,
    date_naissance: candidate.date_naissance ?? '',
    pays: candidate.pays ?? '',
    nationalite: candidate.nationalite ?? '',
  };
}

/** Back to the draft's shape: a date or country not chosen yet is null, as in blankCandidate(). */
export function fromCandidateValues(values: CandidateValues): CandidateDraft {
  const candidate: CandidateDraft = { ...values };
  for (const field of NULLABLE_CANDIDATE_FIELDS) {
    if (values[field] === '') candidate[field] = null;
  }
  return candidate;
}

/** The delivery address proposed from the signed-in user's account (GET /api/me shape). */
export function addressFromUser(user: {
  nom?: string | null;
  prenom?: string | null;
  adresse?: string | null;
  complement?: string | null;
  cp?: string | null;
  ville?: string | null;
  pays?: string | null;
}): AddressDraft {
  return {
    nom: user.nom ?? '',
    prenom: user.prenom ?? '',
    adresse: user.adresse ?? '',
    complement: user.complement ?? '',
    code_postal: user.cp ?? '',
    ville: user.ville ?? '',
    pays: user.pays ?? '',
  };
}

export function sameAddress(a: AddressDraft, b: AddressDraft): boolean {
  return (Object.keys(EMPTY_ADDRESS) as (keyof AddressDraft)[]).every((field) => a[field] === b[field]);
}

/** The age category on the order date of a date of birth being typed; null until it is a real past date. */
export function candidateAgeCategory(birthDate: string, orderDate: string): AgeCategory | null {
  return isValidCalendarDate(birthDate) && birthDate < orderDate ? ageCategory(birthDate, orderDate) : null;
}

/** True when a candidate of the draft is under 18 on the day of the order (the minors warning is then due). */
export function draftHasMinor(draft: OrderDraft, orderDate: string): boolean {
  return hasMinorCandidate(draft.candidats, orderDate);
}

/** The body of POST /api/orders, from the saved draft and the chosen payment mode. */
export function orderRequest(draft: OrderDraft, modePaiement: PaymentMode) {
  return {
    candidats: draft.candidats,
    mode_livraison: draft.mode_livraison,
    date_livraison: draft.date_livraison,
    ...(draft.mode_livraison === 'retrait' ? { point_retrait: draft.point_retrait } : {}),
    adresse_livraison: draft.adresse_livraison,
    adresse_facturation: draft.adresse_facturation,
    mode_paiement: modePaiement,
    avertissement_mineurs: draft.avertissement_mineurs === true,
  };
}

/** Where the page that edits a field of the order is: the candidates' page or the delivery page. */
export function stepOfField(path: string): 'order' | 'shipping' {
  return path.startsWith('candidats') ? 'order' : 'shipping';
}

/** `candidats.0.nom`, or a guardian's field, `candidats.0.tuteur.email`. */
const CANDIDATE_FIELD_NAME = /^candidats\.(\d{1,2})\.(\w+)(?:\.(nom|prenom|email))?$/;

/**
 * The candidates of the order form as the browser posts it (`candidats.0.nom`…, a ticked box as `true`, an unticked
 * one not at all), read into drafts; names of more candidates than an order holds are ignored.
 */
export function candidatesFromForm(values: Readonly<Record<string, string>>): CandidateDraft[] {
  const posted = new Map<number, Record<string, unknown>>();
  for (const [name, value] of Object.entries(values)) {
    const match = CANDIDATE_FIELD_NAME.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    if (index >= MAX_CANDIDATES_PER_ORDER) continue;
    const candidate = posted.get(index) ?? {};
    if (match[3]) {
      const parent = isRecord(candidate[match[2]!]) ? (candidate[match[2]!] as Record<string, unknown>) : {};
      candidate[match[2]!] = { ...parent, [match[3]]: value };
    } else candidate[match[2]!] = value;
    posted.set(index, candidate);
  }
  return [...posted.keys()]
    .sort((a, b) => a - b)
    .map((index) => {
      const raw = posted.get(index)!;
      for (const [field, blank] of Object.entries(blankCandidate())) {
        if (typeof blank === 'boolean') raw[field] = raw[field] === 'true';
      }
      return fromCandidateValues(toCandidateValues(readCandidate(raw)));
    });
}
