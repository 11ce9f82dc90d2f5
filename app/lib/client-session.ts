/**
 * What the browser knows about the visitor between server round trips: the signed-in user (from the root
 * loader) and whether an order draft exists. The root client middleware reads it to apply the page guards.
 * Browser only: on the server this module is shared by every request, so it keeps nothing there (its setters do
 * nothing), and no visitor's user stays in the process's memory.
 */
import type { StaffRole } from '../../domain/roles.ts';

export interface ClientUser {
  id: number;
  prenom: string;
  nom: string;
  email: string;
  roles: StaffRole[];
  secondFactorAt: string | null;
  secondFactorRecent: boolean;
}

const IN_BROWSER = typeof document !== 'undefined';

const state: { user: ClientUser | null; hasOrderDraft: boolean } = { user: null, hasOrderDraft: false };

export const clientSession = {
  get user() {
    return state.user;
  },
  get hasOrderDraft() {
    return state.hasOrderDraft;
  },
  setUser(user: ClientUser | null) {
    if (IN_BROWSER) state.user = user;
  },
  setHasOrderDraft(value: boolean) {
    if (IN_BROWSER) state.hasOrderDraft = value;
  },
};
