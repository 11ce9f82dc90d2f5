import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../domain/schemas/common.ts';
import { type ClubSettings, settingsPatchSchema } from '../../domain/settings.ts';
import { centsOf, formFieldErrors, settingsPatchOf } from './settings-form.ts';

const hours = { days: [1, 2, 3], periods: [['09:00', '12:00']] as [string, string][] };
const current = {
  pickup_points: [{ id: 'bedoin', name: 'Bédoin', address: 'Place', hours }],
} as unknown as ClubSettings;

const parse = (intent: Parameters<typeof settingsPatchOf>[0], values: Record<string, string>) =>
  settingsPatchSchema.safeParse(settingsPatchOf(intent, values, current));

const errorsOf = (intent: Parameters<typeof settingsPatchOf>[0], values: Record<string, string>) => {
  const result = parse(intent, values);
  if (result.success) throw new Error('accepted');
  return formFieldErrors(fieldErrors(result.error));
};

describe('the settings forms as the API’s patch', () => {
  it('reads euros as a person types them', () => {
    expect(centsOf('31,50')).toBe(3150);
    expect(centsOf(' 12.5 ')).toBe(1250);
    expect(centsOf('')).toBeUndefined();
    expect(centsOf('abc')).toBeNaN();
  });

  it('plans a price from a day, today when none is given', () => {
    expect(parse('price', { price: '31,50', price_from: '2099-06-01' }).data).toEqual({
      price_cents: 3150,
      price_from: '2099-06-01',
    });
    expect(parse('price', { price: '25', price_from: '' }).data).toEqual({ price_cents: 2500 });
  });

  it('names the schema’s refusals by the form’s fields', () => {
    expect(errorsOf('price', { price: '0', price_from: '2001-01-01' })).toEqual({
      price: 'validation:settings_price',
      price_from: 'validation:settings_date',
    });
    expect(
      errorsOf('notice', { notice_kind: 'heat', notice_from: '2099-06-02', notice_to: '2099-06-01' }),
    ).toEqual({ notice_fr: 'validation:settings_notice', notice_to: 'validation:settings_date' });
    expect(errorsOf('heat', { heat_from: '02-30', heat_to: '08-15' })).toEqual({
      heat_from: 'validation:settings_heat_warning',
    });
    expect(errorsOf('contact', { postal_address: 'One line', contact_email: 'nope' })).toEqual({
      postal_address: 'validation:settings_postal_address',
      contact_email: 'validation:email_invalid',
    });
  });

  it('reads a notice in six languages, and its removal', () => {
    const values = { notice_kind: 'road_closed', notice_from: '2099-06-01', notice_to: '2099-06-02' };
    const notice = parse('notice', { ...values, notice_fr: 'Route fermée', notice_gb: 'Road closed' }).data;
    expect(notice?.notice).toEqual({
      kind: 'road_closed',
      from: '2099-06-01',
      to: '2099-06-02',
      text: { fr: 'Route fermée', gb: 'Road closed', de: '', nl: '', es: '', it: '' },
    });
    expect(parse('notice-remove', {}).data).toEqual({ notice: null });
  });

  it('closes registrations with their message', () => {
    expect(parse('registrations', { registrations: 'closed', closed_fr: 'Complet' }).data).toMatchObject({
      registrations_open: false,
      closed_message: { fr: 'Complet', gb: '' },
    });
  });

  it('retires a point, edits one in place and adds one with an id of its name', () => {
    expect(parse('retire-point', { point: 'bedoin' }).data?.pickup_points?.[0]?.retired).toBe(true);
    const edited = parse('point', {
      point: 'bedoin',
      name: 'Bédoin, office',
      address: 'Place',
      day_6: 'on',
      periods: '09:00-12:30, 14:00 – 18:00',
    }).data?.pickup_points;
    expect(edited).toEqual([
      {
        id: 'bedoin',
        name: 'Bédoin, office',
        address: 'Place',
        hours: {
          days: [6],
          periods: [
            ['09:00', '12:30'],
            ['14:00', '18:00'],
          ],
        },
      },
    ]);
    const added = parse('point', {
      point: '',
      name: 'Bédoin',
      address: 'Rue',
      day_1: 'on',
      periods: '10:00-11:00',
    });
    expect(added.data?.pickup_points?.map((point) => point.id)).toEqual(['bedoin', 'bedoin-2']);
    expect(errorsOf('point', { point: '', name: '', address: 'Rue', periods: 'morning' })).toMatchObject({
      name: 'validation:settings_pickup_points',
      days: expect.any(String),
      periods: expect.any(String),
    });
  });
});
