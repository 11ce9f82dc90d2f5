/**
 * Where riders can collect their registration kit when they choose `retrait`, unless PICKUP_POINTS configures
 * others: version 1 of the club settings' `pickup_points` (decision 0053). Names and addresses are the places'
 * own; the hours are data, written out in the reader's language.
 */
import type { OpeningHours } from '../../domain/opening-hours.ts';

export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  hours: OpeningHours;
}

const MONDAY_TO_SATURDAY = [1, 2, 3, 4, 5, 6];

export const DEFAULT_PICKUP_POINTS: PickupPoint[] = [
  {
    id: 'bedoin',
    name: 'Office de tourisme de Bédoin',
    address: 'Espace Marie-Louis Gravier, 84410 Bédoin',
    hours: {
      days: MONDAY_TO_SATURDAY,
      periods: [
        ['09:00', '12:30'],
        ['14:00', '18:00'],
      ],
    },
  },
  {
    id: 'malaucene',
    name: 'Office de tourisme de Malaucène',
    address: 'Place de la Mairie, 84340 Malaucène',
    hours: {
      days: MONDAY_TO_SATURDAY,
      periods: [
        ['09:00', '12:00'],
        ['14:00', '17:30'],
      ],
    },
  },
  {
    id: 'sault',
    name: 'Office de tourisme de Sault',
    address: 'Avenue de la Promenade, 84390 Sault',
    hours: {
      days: MONDAY_TO_SATURDAY,
      periods: [
        ['09:30', '12:30'],
        ['14:00', '18:00'],
      ],
    },
  },
];
