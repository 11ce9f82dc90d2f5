/**
 * The track check in a few lines, for the homologation panel where the volunteer decides: the verdict per
 * challenge, the ascents with their times, the remarks, the flags, and the full report (map, profiles) on demand.
 */
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import { TrackFlagList } from './track-flags.tsx';
import { ProblemText, TrackReport, VERDICT_COLOURS } from './track-report.tsx';
import { useTrackTimes } from './track-times.ts';

type Ascent = TrackAnalysis['ascents'][number];

/** The ascents in one line each, with their times. */
function SummaryAscents({ ascents }: { ascents: Ascent[] }) {
  const { t } = useTranslation();
  const times = useTrackTimes();
  return ascents.length === 0 ? (
    <Text size="sm">{t('track:ascents.none')}</Text>
  ) : (
    <List size="sm" spacing={2} data-testid="summary-ascents">
      {ascents.map((ascent, index) => (
        <List.Item key={index}>
          {t('track:summary.ascent', {
            road: t(`track:roads.${ascent.road}`),
            start: times.clock(ascent.start_time),
            summit: times.clock(ascent.summit_time),
            duration: times.duration(ascent.duration_s),
          })}
          {!ascent.counted && (
            <Text component="span" c="red.9">
              {' '}
              ({t('track:ascents.notCounted')})
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** The button that shows or hides the full report. */
function ReportToggle({
  expanded,
  reportId,
  onToggle,
}: {
  expanded: boolean;
  reportId: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        variant="subtle"
        size="compact-sm"
        rightSection={
          expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
        }
        aria-expanded={expanded}
        aria-controls={reportId}
        // The label wraps on a phone instead of running out of the button.
        styles={{
          root: { height: 'auto', paddingBlock: 4 },
          label: { whiteSpace: 'normal', textAlign: 'start' },
        }}
        onClick={onToggle}
        data-testid="summary-toggle"
      >
        {expanded ? t('track:summary.hideReport') : t('track:summary.showReport')}
      </Button>
    </Group>
  );
}

export function TrackSummary({ analysis }: { analysis: TrackAnalysis | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const times = useTrackTimes();
  const headingId = useId();
  const reportId = useId();
  const [expanded, setExpanded] = useState(false);

  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      bg="gray.0"
      component="section"
      aria-labelledby={headingId}
      data-testid="homologation-track"
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {t('admin:candidate.track')}
        </Title>
        {analysis === null ? (
          <Text size="sm" data-testid="candidate-no-track">
            {t('admin:candidate.noTrack')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {t('track:result.summary', {
                format: analysis.format.toUpperCase(),
                points: format.number(analysis.points),
                day: analysis.day ? times.day(analysis.day) : t('track:result.noDay'),
              })}
            </Text>
            <Group gap="md" wrap="wrap">
              {CHALLENGE_IDS.map((challenge) => (
                <Group key={challenge} gap={6} data-testid={`summary-verdict-${challenge}`}>
                  <Text size="sm" fw={700}>
                    {t(`track:challenges.${challenge}`)}
                  </Text>
                  <Badge color={VERDICT_COLOURS[analysis.verdict[challenge]]} variant="filled">
                    {t(`track:verdicts.${analysis.verdict[challenge]}`)}
                  </Badge>
                </Group>
              ))}
            </Group>
            <SummaryAscents ascents={analysis.ascents} />
            {analysis.problems.length > 0 && (
              <List size="sm" spacing={2} c="orange.9" data-testid="summary-problems">
                {analysis.problems.map((problem, index) => (
                  <List.Item key={index} data-code={problem.code}>
                    <ProblemText problem={problem} />
                  </List.Item>
                ))}
              </List>
            )}
            {analysis.flags.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {t('track:flags.heading')}
                </Text>
                <TrackFlagList flags={analysis.flags} size="sm" />
              </Stack>
            )}
            <ReportToggle
              expanded={expanded}
              reportId={reportId}
              onToggle={() => setExpanded((value) => !value)}
            />
            {/* Mounted only when asked: the map and the profiles are the heavy part. */}
            <div id={reportId}>{expanded && <TrackReport analysis={analysis} headingOrder={4} />}</div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
