/**
 * One large button per control where a stamp counts now (gloves, sunlight: full width, large type). A tap takes
 * one position with a bounded wait; farther than the control's radius it refuses at once and says how far; without
 * a position (refused, no fix) it says why and offers to stamp anyway, for the president to judge.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ControlId, controlById, distanceToControlM } from '../../../domain/route-card/controls.ts';
import { useFormat } from '../../lib/format.ts';
import type { PendingStamp } from './outbox.ts';
import { type Position, type PositionFailure, currentPosition } from './position.ts';

type Problem =
  | { kind: 'too_far'; control: ControlId; distanceM: number }
  | { kind: 'no_position'; control: ControlId; reason: PositionFailure };

/** A control's name: the road model's landmark it stands at. */
export function useControlName() {
  const { t } = useTranslation();
  return (control: ControlId) => t(`roads:landmarks.${controlById(control).landmark}`);
}

function stampAt(candidateId: number, control: ControlId, position: Position | null): PendingStamp {
  return {
    client_id: crypto.randomUUID(),
    candidate_id: candidateId,
    control,
    at: new Date().toISOString(),
    lat: position?.lat ?? null,
    lon: position?.lon ?? null,
    accuracy_m: position ? Math.round(position.accuracy_m) : null,
  };
}

function ProblemMessage({ problem, onAnyway }: { problem: Problem; onAnyway: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = useControlName()(problem.control);
  if (problem.kind === 'too_far') {
    const distance =
      problem.distanceM >= 1000
        ? `${format.number(Math.round(problem.distanceM / 100) / 10)} km`
        : `${Math.round(problem.distanceM)} m`;
    return (
      <Alert color="red" icon={<IconMapPinOff aria-hidden />} data-testid="stamp-problem">
        <Text fz="lg">
          {t('routecard:tooFar', { distance, control: name, radius: controlById(problem.control).radiusM })}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="orange" icon={<IconMapPinOff aria-hidden />} data-testid="stamp-problem">
      <Stack gap="sm">
        <Text fz="lg">{t(`routecard:noPosition.${problem.reason}`)}</Text>
        <Text>{t('routecard:noPosition.judged')}</Text>
        <Button size="lg" variant="default" onClick={onAnyway} styles={{ label: { whiteSpace: 'normal' } }}>
          {t('routecard:noPosition.stampAnyway', { control: name })}
        </Button>
      </Stack>
    </Alert>
  );
}

export function StampButtons({
  candidateId,
  expected,
  onKeep,
  ready,
}: {
  candidateId: number;
  expected: readonly ControlId[];
  onKeep: (stamp: PendingStamp) => Promise<void>;
  /** False until the page's scripts run: the buttons show at once, and answer once they can take a position. */
  ready: boolean;
}) {
  const { t } = useTranslation();
  const name = useControlName();
  const [locating, setLocating] = useState<ControlId | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const take = async (control: ControlId) => {
    setProblem(null);
    setLocating(control);
    const position = await currentPosition();
    setLocating(null);
    if (typeof position === 'string') return setProblem({ kind: 'no_position', control, reason: position });
    const distanceM = distanceToControlM(control, position);
    if (distanceM > controlById(control).radiusM) return setProblem({ kind: 'too_far', control, distanceM });
    await onKeep(stampAt(candidateId, control, position));
  };

  return (
    <Stack gap="md" role="group" aria-label={t('routecard:stampNow')}>
      {expected.map((control) => (
        <Button
          key={control}
          size="xl"
          h={72}
          fz={22}
          fullWidth
          leftSection={<IconMapPin size={28} aria-hidden />}
          loading={locating === control}
          disabled={!ready || (locating !== null && locating !== control)}
          onClick={() => void take(control)}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          {t('routecard:stampAt', { control: name(control) })}
        </Button>
      ))}
      {locating && (
        <Text role="status" fz="lg">
          {t('routecard:locating')}
        </Text>
      )}
      {problem && (
        <ProblemMessage
          problem={problem}
          onAnyway={() => {
            setProblem(null);
            void onKeep(stampAt(candidateId, problem.control, null));
          }}
        />
      )}
    </Stack>
  );
}
