import { Input, Loader, Rating, Select, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { translateError } from '../../../lib/translate.js';
import { usePageContext } from '../../../lib/page-context.js';
import { presetRecipeQuery, recipeChoicesQuery, useAddReview, type RecipeChoice } from '../api/reviews.js';
import { FieldInput, FieldTextarea } from '../../../components/field-input.js';

/** §5 Reviews: SN number, user and score are required (the content may stay empty). Messages are catalog keys. */
const reviewRules = z.object({
  recipeId: z.string().min(1, { message: 'reviews.errors.recipe' }),
  sn: z.string().trim().min(1, { message: 'reviews.errors.sn' }),
  userAccount: z.string().trim().min(1, { message: 'reviews.errors.user' }),
  userNickname: z.string(),
  score: z.number().int().min(1, { message: 'reviews.errors.score' }).max(5),
  content: z.string().max(500),
  evaluatedAt: z.string().nullable(),
});

interface ReviewValues extends Record<string, unknown> {
  recipeId: string;
  sn: string;
  userAccount: string;
  userNickname: string;
  score: number;
  content: string;
  evaluatedAt: string | null;
}

/** Picks one recipe of the brand by number or name, searched as the user types. */
function RecipeSelect({
  error,
  preset,
  ...props
}: {
  value?: string;
  onChange: (id: string) => void;
  error?: ReactNode;
  preset: RecipeChoice | null;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const choices = useQuery(recipeChoicesQuery(keyword.trim()));
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(
    preset ? { value: preset.id, label: `${preset.number} ${preset.name}` } : null,
  );
  const options = (choices.data ?? []).map((r) => ({ value: r.id, label: `${r.number} ${r.name}` }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  return (
    <Select
      label={t('reviews.fields.recipe')}
      withAsterisk
      searchable
      placeholder={t('reviews.recipePlaceholder')}
      nothingFoundMessage={t('reviews.noRecipe')}
      data={options}
      filter={({ options: all }) => all}
      value={props.value || null}
      searchValue={keyword}
      onSearchChange={setKeyword}
      onChange={(id, option) => {
        setPicked(option ?? null);
        props.onChange(id ?? '');
      }}
      error={error}
      data-testid="field-recipe"
    />
  );
}

/**
 * §2 /user-evaluation-add: a review of a recipe by an app user on a device. Opened from a recipe's detail
 * (`?recipeId=`), that recipe is chosen already.
 */
export function UserEvaluationAddPage() {
  const search = usePageContext()?.search;
  const presetId = typeof search?.recipeId === 'string' ? search.recipeId : '';
  const preset = useQuery({ ...presetRecipeQuery(presetId), enabled: !!presetId });
  if (presetId && preset.isPending) return <Loader size="sm" />;
  return <ReviewForm preset={preset.data ?? null} />;
}

function ReviewForm({ preset }: { preset: RecipeChoice | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddReview();
  const form = useSchemaForm<ReviewValues>(reviewRules, {
    initialValues: {
      recipeId: preset?.id ?? '',
      sn: '',
      userAccount: '',
      userNickname: '',
      score: 0,
      content: '',
      evaluatedAt: null,
    },
  });
  const scoreError = form.errors.score;
  return (
    <FormPage
      form={form}
      onCancel={() => void navigate({ to: '/user-evaluation-list' })}
      onSubmit={async (v) => {
        await add.mutateAsync({
          recipeId: v.recipeId,
          sn: v.sn.trim(),
          userAccount: v.userAccount.trim(),
          userNickname: v.userNickname.trim(),
          score: v.score,
          content: v.content.trim(),
          ...(v.evaluatedAt ? { evaluatedAt: new Date(v.evaluatedAt).toISOString() } : {}),
        });
        form.reset();
        await navigate({ to: '/user-evaluation-list' });
      }}
    >
      <RecipeSelect preset={preset} {...form.getInputProps('recipeId')} />
      <FieldInput form={form} name="sn" label={t('reviews.fields.sn')} required />
      <TextInput
        label={t('reviews.fields.userAccount')}
        withAsterisk
        data-testid="field-user"
        {...form.getInputProps('userAccount')}
      />
      <TextInput
        label={t('reviews.fields.userNickname')}
        data-testid="field-nickname"
        {...form.getInputProps('userNickname')}
      />
      <Input.Wrapper
        label={t('reviews.fields.score')}
        withAsterisk
        error={scoreError ? translateError(scoreError) : undefined}
      >
        <Rating
          data-testid="field-score"
          value={form.values.score}
          onChange={(score) => form.setFieldValue('score', score)}
        />
      </Input.Wrapper>
      <FieldTextarea
        form={form}
        name="content"
        label={t('reviews.fields.content')}
        minRows={3}
        maxLength={500}
      />
      <DateTimePicker
        label={t('reviews.fields.time')}
        clearable
        valueFormat="YYYY-MM-DD HH:mm"
        data-testid="field-time"
        {...form.getInputProps('evaluatedAt')}
      />
    </FormPage>
  );
}
