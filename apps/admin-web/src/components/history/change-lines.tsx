import type { AuditChange, AuditValue } from '@kb/contracts';
import { Badge, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileDownloadUrl } from './audit-api.js';

function Value({ value }: { value: AuditValue | null }) {
  const { t } = useTranslation();
  if (!value)
    return (
      <Text span c="dimmed">
        {t('components.history.none')}
      </Text>
    );
  if (value.fileCode)
    return (
      <Image
        src={fileDownloadUrl(value.fileCode)}
        alt={value.text}
        w={48}
        h={36}
        fit="cover"
        radius="xs"
        display="inline-block"
        data-testid="history-file"
      />
    );
  return (
    <Text span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value.text}
    </Text>
  );
}

/**
 * What changed, one line each as an auditor reads it: "2 人份 · 步骤 3 · 速度 4 → 6"; an ingredient, tag or file
 * added or removed says so.
 */
export function ChangeLines({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="history-no-change">
        {t('components.history.noChange')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {changes.map((change, i) => (
        <Text key={i} size="xs" component="div" data-testid="history-change">
          <Text span size="xs" fw={600}>
            {change.label}
          </Text>{' '}
          {change.op === 'added' && (
            <Badge size="xs" color="teal" variant="light" mr={4}>
              {t('components.history.added')}
            </Badge>
          )}
          {change.op === 'removed' && (
            <Badge size="xs" color="red" variant="light" mr={4}>
              {t('components.history.removed')}
            </Badge>
          )}
          {change.op === 'added' ? (
            <Value value={change.after} />
          ) : change.op === 'removed' ? (
            <Text span td="line-through" size="xs">
              <Value value={change.before} />
            </Text>
          ) : (
            <>
              <Value value={change.before} /> → <Value value={change.after} />
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}
