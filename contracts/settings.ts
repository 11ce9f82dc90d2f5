/** The club's settings as the back office reads them (GET /api/admin/settings, issue 47). */
import type { ClubSettings, ScheduledPrice } from '../domain/settings.ts';

export interface PresentedSettings extends ClubSettings {
  version: number;
  /** When this version was made; null for version 1 (the environment's values, never changed). */
  changed_at: string | null;
  changed_by: number | null;
  /** The price in force today, and the next one when one is planned. */
  price_cents: number;
  next_price: ScheduledPrice | null;
}

export interface SettingsVersion {
  version: number;
  changed_at: string | null;
  changed_by: number | null;
  restored_from: number | null;
  /** The changed settings' values before this version. */
  before: Partial<ClubSettings>;
  values: ClubSettings;
}
