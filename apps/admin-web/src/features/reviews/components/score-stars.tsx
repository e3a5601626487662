import { Group, Rating, Text } from '@mantine/core';

/** A 1–5 star score, read-only, with the number beside it for readers and tests. */
export function ScoreStars({ score }: { score: number }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="review-score" data-score={score}>
      <Rating value={score} readOnly size="sm" />
      <Text size="xs" c="dimmed">
        {score}
      </Text>
    </Group>
  );
}
