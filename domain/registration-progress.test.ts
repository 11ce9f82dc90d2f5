import { describe, expect, it } from 'vitest';
import { type RegistrationProgress, registrationSteps } from './registration-progress.ts';

const none: RegistrationProgress = {
  paid_at: null,
  kit: null,
  track: null,
  card_received_at: null,
  homologation: null,
  rejection: null,
  evidence_request: null,
};
const paid = { ...none, paid_at: '2026-05-01T08:00:00.000Z' };
const sent = { ...paid, kit: { mode: 'postal' as const, sent_at: '2026-05-03T08:00:00.000Z' } };
const received = { ...sent, card_received_at: '2026-07-20T08:00:00.000Z' };

const states = (steps: ReturnType<typeof registrationSteps>) =>
  Object.fromEntries(steps.map((step) => [step.id, step.state]));

describe('registrationSteps', () => {
  it('waits for the payment of an unpaid registration', () => {
    const steps = registrationSteps('pending_payment', none);
    expect(states(steps)).toEqual({
      paid: 'current',
      kit_sent: 'upcoming',
      ride_checked: 'optional',
      card_received: 'upcoming',
      outcome: 'upcoming',
      diploma: 'upcoming',
    });
  });

  it('waits for the kit once paid, with the date of payment', () => {
    const steps = registrationSteps('to_process', paid);
    expect(steps[0]).toEqual({ id: 'paid', state: 'done', at: paid.paid_at });
    expect(states(steps)).toMatchObject({ kit_sent: 'current', card_received: 'upcoming' });
  });

  it('waits for the route card once the kit is sent; attaching a track stays optional', () => {
    const steps = registrationSteps('processed', sent);
    expect(states(steps)).toMatchObject({
      kit_sent: 'done',
      ride_checked: 'optional',
      card_received: 'current',
    });
    expect(steps[1]!.at).toBe(sent.kit.sent_at);
  });

  it('shows an attached track as a step done, without skipping the route card', () => {
    const track = { verdict: 'complete' as const, checked_at: '2026-07-14T20:00:00.000Z', missing: [] };
    const steps = registrationSteps('processed', { ...sent, track });
    expect(states(steps)).toMatchObject({ ride_checked: 'done', card_received: 'current' });
    expect(steps[2]!.at).toBe(track.checked_at);
  });

  it('warns of an attached track that does not show the registered challenge complete', () => {
    const checked_at = '2026-07-14T20:00:00.000Z';
    for (const verdict of ['incomplete', 'needs_review'] as const) {
      const track = { verdict, checked_at, missing: verdict === 'incomplete' ? (['bedoin'] as const) : [] };
      const steps = registrationSteps('processed', {
        ...sent,
        track: { ...track, missing: [...track.missing] },
      });
      expect(states(steps)).toMatchObject({ ride_checked: 'warning', card_received: 'current' });
      expect(steps[2]!.at).toBe(checked_at);
    }
  });

  it('counts a card that came back before anyone marked the kit sent as a kit received', () => {
    const steps = registrationSteps('card_received', {
      ...paid,
      card_received_at: received.card_received_at,
    });
    expect(states(steps)).toMatchObject({ kit_sent: 'done', card_received: 'done', outcome: 'current' });
  });

  it('ends with the number and the diploma once homologated', () => {
    const homologation = {
      id: 12,
      numero: 4321,
      epreuve: 'cingle' as const,
      homologated_at: '2026-08-01T10:00:00.000Z',
      diploma_code: 'd'.repeat(43),
    };
    const steps = registrationSteps('homologated', { ...received, homologation });
    expect(states(steps)).toMatchObject({ outcome: 'done', diploma: 'done' });
    expect(steps.find((step) => step.id === 'outcome')!.at).toBe(homologation.homologated_at);
    expect(steps.some((step) => step.state === 'current')).toBe(false);
  });

  it('marks the outcome failed when rejected, and waits for nothing after it', () => {
    const rejection = { reason: 'Tampon de Sault manquant', rejected_at: '2026-08-02T10:00:00.000Z' };
    const steps = registrationSteps('rejected', { ...received, rejection });
    expect(states(steps)).toMatchObject({ outcome: 'failed', diploma: 'upcoming' });
    expect(steps.some((step) => step.state === 'current')).toBe(false);
    expect(steps.find((step) => step.id === 'outcome')).toEqual({
      id: 'outcome',
      state: 'failed',
      at: rejection.rejected_at,
    });
  });
});

describe('a minor waiting for their guardian', () => {
  it('is paid, and waits for nothing the club does yet', () => {
    const steps = registrationSteps('awaiting_consent', {
      paid_at: '2026-05-01T10:00:00.000Z',
      kit: null,
      track: null,
      card_received_at: null,
      homologation: null,
      rejection: null,
      evidence_request: null,
    });
    expect(steps.map((step) => [step.id, step.state])).toEqual([
      ['paid', 'done'],
      ['kit_sent', 'upcoming'],
      ['ride_checked', 'optional'],
      ['card_received', 'upcoming'],
      ['outcome', 'upcoming'],
      ['diploma', 'upcoming'],
    ]);
  });
});
