import type { BrandLanguage } from '@kb/contracts';
import { Badge, Group, Input, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/field-input.js';
import { sortToSend } from '../../../components/reference/form-rules.js';
import { formatTime } from '../../../lib/format.js';

/** What every content form has: an online period, a sort and an online flag. */
export interface PublishValues {
  sort: string;
  onlineStart: string | null;
  onlineEnd: string | null;
  online: boolean;
}

/** The publishing part of a content body: sort, online period and flag. */
export function publishToSend(v: PublishValues) {
  return {
    sort: sortToSend(v.sort),
    onlineStart: timeToSend(v.onlineStart),
    onlineEnd: timeToSend(v.onlineEnd),
    online: v.online,
  };
}

/** The publishing fields of a content form, from the record (or empty for a new one). */
export function publishForForm(
  r: { sort: number; onlineStart: string | null; onlineEnd: string | null; online: boolean } | undefined,
): PublishValues {
  return {
    sort: r ? String(r.sort) : '',
    onlineStart: timeForForm(r?.onlineStart),
    onlineEnd: timeForForm(r?.onlineEnd),
    online: r?.online ?? false,
  };
}

/** A picked date-time (`YYYY-MM-DD HH:mm:ss`, local) as the API takes it (ISO), or null. */
export function timeToSend(value: string | null): string | null {
  return value ? dayjs(value).toISOString() : null;
}

/** A stored time as the picker holds it. */
export function timeForForm(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The online period as lists show it: "start – end", an open end as "…". */
export function periodText(start: string | null, end: string | null): string {
  if (!start && !end) return '';
  return `${start ? formatTime(start) : '…'} – ${end ? formatTime(end) : '…'}`;
}

/** Online or not, as a badge. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={online ? 'green' : 'gray'}>
      {t(`content.onlineState.${online}`)}
    </Badge>
  );
}

/** Online period, sort and the online switch. */
export function PublishFields<V extends PublishValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const input = (name: keyof PublishValues) => form.getInputProps(name as never);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {(['onlineStart', 'onlineEnd'] as const).map((name) => (
          <DateTimePicker
            key={name}
            label={t(`content.fields.${name}`)}
            clearable
            withSeconds={false}
            valueFormat="YYYY-MM-DD HH:mm"
            data-testid={`field-${name}`}
            {...input(name)}
          />
        ))}
      </SimpleGrid>
      <SortAndOnlineFields form={form} />
    </>
  );
}

/** A content record's sort and its online switch, side by side. */
export function SortAndOnlineFields<V extends { sort: string; online: boolean }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xl">
      <FieldInput form={form} name="sort" label={t('content.fields.sort')} numeric />
      <Switch
        label={t('content.fields.online')}
        data-testid="field-online"
        {...form.getInputProps('online' as never, { type: 'checkbox' })}
      />
    </Group>
  );
}

/** A text per brand language (labels, descriptions), the main language's marked when it is required. */
export function PerLanguageFields<V>({
  form,
  path,
  languages,
  label,
  hint,
  requiredLang,
  multiline,
}: {
  form: UseFormReturnType<V>;
  path: string;
  languages: readonly BrandLanguage[];
  label: (langName: string) => string;
  hint: string;
  requiredLang?: string;
  multiline?: boolean;
}) {
  return (
    <Input.Wrapper description={<Text size="xs">{hint}</Text>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        {languages.map((lang) => {
          const props = {
            label: label(lang.langName),
            withAsterisk: lang.langCode === requiredLang,
            'data-testid': `${path}-${lang.langCode}`,
            ...form.getInputProps(`${path}.${lang.langCode}` as never),
          };
          return multiline ? (
            <Textarea key={lang.langCode} autosize minRows={2} {...props} />
          ) : (
            <TextInput key={lang.langCode} {...props} />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
