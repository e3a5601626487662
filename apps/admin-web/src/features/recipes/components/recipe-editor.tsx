import { DIFFICULTIES, RECIPE_TYPES, type RecipeType } from '@kb/contracts';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload.js';
import { PendingUploads, usePendingUploads } from '../../../components/pending-uploads.js';
import { ApiError } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { usePageDirty } from '../../../lib/page-context.js';
import type { RecipeContentView } from '../api/recipe-detail.js';
import { fileUrl } from '../api/recipe-detail.js';
import {
  accessoriesQuery,
  brandLanguagesQuery,
  saveRecipe,
  submitRecipe,
  tagsQuery,
  unitsQuery,
  workModesQuery,
  type SaveAnswer,
} from '../api/recipe-editor.js';
import { RECIPES_KEY, useCategoryOptions, useModelOptions } from '../api/recipe-list.js';
import { emptyStep, problemsOfStep, type StepDraft } from '../rules/step-rules.js';
import { StepEditor } from './step-editor.js';

type Content = Omit<RecipeContentView, 'servingVersions'> & {
  servingVersions: (Omit<RecipeContentView['servingVersions'][number], 'steps'> & { steps: StepDraft[] })[];
  headPackageIds?: string[];
};

export function newContent(mainLang: string): Content {
  return {
    type: 'SOUP',
    number: '',
    mainLang,
    langs: [mainLang],
    texts: {},
    servingVersions: [{ servings: 2, ingredients: [], steps: [] }],
    accessoryIds: [],
    prepMinutes: null,
    cookMinutes: null,
    restMinutes: null,
    nutrients: [],
    difficulty: null,
    showOnMachine: true,
    productCodes: [],
    categoryId: null,
    tagIds: [],
    pictureFileCode: null,
    online: false,
    paid: false,
  };
}

const num = (v: string | number) => (v === '' ? null : Number(v));

/**
 * The recipe editor of /recipe-add and /recipe-edit: content per §3, one tab per supported language, serving
 * versions with ingredients and steps. Save sends the revision it loaded; a 409 offers to reload.
 */
export function RecipeEditor({
  initial,
  id,
  revision,
  onSaved,
  onCreated,
  onReload,
}: {
  initial: Content;
  id?: string;
  revision?: number;
  onSaved: (answer: SaveAnswer, submitted: boolean) => void;
  /** A new recipe was saved but the submit that followed was refused: it is now a draft to edit. */
  onCreated?: (answer: SaveAnswer) => void;
  onReload?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [content, setContent] = useState<Content>(initial);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const uploads = usePendingUploads();
  const [problems, setProblems] = useState<string[]>([]);
  // The API's field errors (path → message), shown until the author changes the content they were about.
  const [answered, setAnswered] = useState<{ content: Content; errors: Record<string, string> } | null>(null);
  const serverErrors = answered?.content === content ? answered.errors : {};
  usePageDirty(JSON.stringify(content) !== JSON.stringify(initial));
  const languages = useQuery(brandLanguagesQuery).data ?? [];
  const units = useQuery(unitsQuery).data ?? [];
  const accessories = useQuery(accessoriesQuery).data ?? [];
  const tags = useQuery(tagsQuery(content.mainLang)).data ?? [];
  const modes = useQuery(workModesQuery(i18n.language)).data ?? [];
  const categories = useCategoryOptions();
  const models = useModelOptions();
  const langs = [content.mainLang, ...content.langs.filter((l) => l !== content.mainLang)];
  const set = (patch: Partial<Content>) => setContent((c) => ({ ...c, ...patch }));
  const setVersion = (v: number, patch: Partial<Content['servingVersions'][number]>) =>
    setContent((c) => ({
      ...c,
      servingVersions: c.servingVersions.map((version, i) => (i === v ? { ...version, ...patch } : version)),
    }));

  const stepsWithProblems = content.servingVersions.flatMap((version) =>
    version.steps.filter(
      (step) => problemsOfStep(step, modes.find((m) => m.code === step.workMode) ?? null).length > 0,
    ),
  );

  const send = async (submit: boolean) => {
    setProblems([]);
    // The editor already shows these under their fields: the API would refuse the same.
    if (stepsWithProblems.length > 0) {
      setProblems([t('recipes.editor.fixStepsFirst')]);
      return;
    }
    setBusy(submit ? 'submit' : 'save');
    let created: SaveAnswer | null = null;
    try {
      let answer: SaveAnswer;
      if (submit && id !== undefined && revision !== undefined) {
        answer = await submitRecipe({ id, revision, content });
      } else {
        answer = await saveRecipe({ ...content, ...(id ? { id, revision } : {}) });
        if (!id) created = answer;
        if (submit) answer = await submitRecipe({ id: answer.id, revision: answer.revision, content });
      }
      void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
      onSaved(answer, submit);
    } catch (error) {
      if (created) {
        // The recipe exists now: saving this form again would create it twice, so the author continues on its
        // edit form, which shows why the submit was refused.
        void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
        if (error instanceof ApiError) notifyError(error.desc);
        onCreated?.(created);
        return;
      }
      if (error instanceof ApiError && error.status === 409 && id && error.code !== 'number_taken') {
        modals.openConfirmModal({
          title: t('confirm.title'),
          children: <Text size="sm">{t('recipes.editor.conflict')}</Text>,
          labels: { confirm: t('recipes.editor.reload'), cancel: t('common.cancel') },
          onConfirm: () => onReload?.(),
        });
      } else if (error instanceof ApiError) {
        const fieldErrors = error.fieldErrors;
        setAnswered({ content, errors: fieldErrors });
        const unplaced = Object.entries(fieldErrors)
          .filter(([path]) => !isPlaced(path))
          .map(([, message]) => message);
        if (Object.keys(fieldErrors).length === 0) notifyError(error.desc);
        else setProblems([t('recipes.editor.fixFields'), ...unplaced]);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <PendingUploads report={uploads.report}>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Title order={5} mb="sm">
            {t('recipes.editor.basics')}
          </Title>
          <Group align="flex-start" gap="md" wrap="wrap">
            <Select
              label={t('recipes.fields.type')}
              data={RECIPE_TYPES.map((type) => ({ value: type, label: t(`recipes.type.${type}`) }))}
              value={content.type}
              onChange={(v) => v && set({ type: v })}
              w={200}
              data-testid="field-type"
            />
            <TextInput
              label={t('recipes.fields.number')}
              value={content.number}
              onChange={(e) => set({ number: e.currentTarget.value })}
              error={serverErrors.number}
              w={180}
              required
              data-testid="field-number"
            />
            <MultiSelect
              label={t('recipes.editor.languages')}
              data={languages.map((l) => ({ value: l.langCode, label: l.langName }))}
              value={langs}
              onChange={(values) =>
                set({ langs: values.includes(content.mainLang) ? values : [content.mainLang, ...values] })
              }
              w={260}
              data-testid="field-langs"
            />
            <Select
              label={t('recipes.editor.difficulty')}
              data={DIFFICULTIES.map((d) => ({ value: d, label: t(`recipes.difficulty.${d}`) }))}
              value={content.difficulty}
              onChange={(v) => set({ difficulty: v })}
              clearable
              w={140}
              data-testid="field-difficulty"
            />
            <Select
              label={t('recipes.editor.category')}
              data={categories}
              value={content.categoryId}
              onChange={(v) => set({ categoryId: v })}
              clearable
              w={180}
            />
            <MultiSelect
              label={t('recipes.editor.tags')}
              data={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
              value={content.tagIds}
              onChange={(v) => set({ tagIds: v })}
              w={220}
            />
            <MultiSelect
              label={t('recipes.editor.models')}
              data={models}
              value={content.productCodes}
              onChange={(v) => set({ productCodes: v })}
              w={260}
              data-testid="field-models"
            />
            <MultiSelect
              label={t('recipes.editor.accessories')}
              data={accessories.map((a) => ({ value: a.id, label: a.name }))}
              value={content.accessoryIds}
              onChange={(v) => set({ accessoryIds: v })}
              w={220}
            />
            {(['prepMinutes', 'cookMinutes', 'restMinutes'] as const).map((field) => (
              <NumberInput
                key={field}
                label={t(`recipes.editor.${field}`)}
                value={content[field] ?? ''}
                onChange={(v) => set({ [field]: num(v) })}
                min={0}
                w={150}
              />
            ))}
            <TagsInput
              label={t('recipes.editor.headPackages')}
              value={content.headPackageIds ?? []}
              onChange={(v) => set({ headPackageIds: v })}
              w={260}
            />
            <Switch
              mt={28}
              label={t('recipes.fields.online')}
              checked={content.online}
              onChange={(e) => set({ online: e.currentTarget.checked })}
            />
            <Switch
              mt={28}
              label={t('recipes.fields.paid')}
              checked={content.paid}
              onChange={(e) => set({ paid: e.currentTarget.checked })}
            />
            <Switch
              mt={28}
              label={t('recipes.editor.showOnMachine')}
              checked={content.showOnMachine}
              onChange={(e) => set({ showOnMachine: e.currentTarget.checked })}
            />
          </Group>
          <ImageUpload
            label={t('recipes.editor.picture')}
            max={1}
            value={
              content.pictureFileCode
                ? [{ fileCode: content.pictureFileCode, url: fileUrl(content.pictureFileCode) }]
                : []
            }
            onChange={(images) => set({ pictureFileCode: images[0]?.fileCode ?? null })}
          />
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Tabs defaultValue={content.mainLang}>
            <Tabs.List>
              {langs.map((lang) => (
                <Tabs.Tab key={lang} value={lang} data-testid={`lang-tab-${lang}`}>
                  {languages.find((l) => l.langCode === lang)?.langName ?? lang}
                  {lang === content.mainLang ? ` · ${t('recipes.editor.mainLang')}` : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {langs.map((lang) => {
              const texts = content.texts[lang] ?? { name: '', description: '', chefTips: '' };
              const setText = (patch: Partial<typeof texts>) =>
                set({ texts: { ...content.texts, [lang]: { ...texts, ...patch } } });
              return (
                <Tabs.Panel key={lang} value={lang} pt="sm">
                  <Stack gap="xs">
                    <TextInput
                      label={t('recipes.editor.name')}
                      value={texts.name}
                      onChange={(e) => setText({ name: e.currentTarget.value })}
                      error={serverErrors[`texts.${lang}.name`]}
                      required={lang === content.mainLang}
                      data-testid={`name-${lang}`}
                    />
                    <Textarea
                      label={t('recipes.editor.description')}
                      value={texts.description}
                      onChange={(e) => setText({ description: e.currentTarget.value })}
                      autosize
                      minRows={2}
                    />
                    <Textarea
                      label={t('recipes.editor.chefTips')}
                      value={texts.chefTips}
                      onChange={(e) => setText({ chefTips: e.currentTarget.value })}
                      autosize
                      minRows={1}
                    />
                  </Stack>
                </Tabs.Panel>
              );
            })}
          </Tabs>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={5}>{t('recipes.editor.servingVersions')}</Title>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                set({
                  servingVersions: [
                    ...content.servingVersions,
                    {
                      servings: Math.max(0, ...content.servingVersions.map((v) => v.servings)) + 1,
                      ingredients: [],
                      steps: [],
                    },
                  ],
                })
              }
              data-testid="add-version"
            >
              {t('recipes.editor.addVersion')}
            </Button>
          </Group>
          <Stack gap="md">
            {content.servingVersions.map((version, v) => (
              <Paper key={v} withBorder p="sm" radius="sm" data-testid="version">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <NumberInput
                      label={t('recipes.editor.servings')}
                      value={version.servings}
                      onChange={(value) => setVersion(v, { servings: Number(value) || 1 })}
                      error={serverErrors[`servingVersions.${v}.servings`]}
                      min={1}
                      max={99}
                      w={120}
                      data-testid="version-servings"
                    />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        set({ servingVersions: content.servingVersions.filter((_, i) => i !== v) })
                      }
                    >
                      {t('recipes.editor.removeVersion')}
                    </Button>
                  </Group>
                  <Text fw={500} size="sm">
                    {t('recipes.editor.ingredients')}
                  </Text>
                  {version.ingredients.map((ingredient, i) => {
                    const setIngredient = (patch: Partial<typeof ingredient>) =>
                      setVersion(v, {
                        ingredients: version.ingredients.map((x, j) => (j === i ? { ...x, ...patch } : x)),
                      });
                    return (
                      <Group key={i} align="flex-end" gap="xs" data-testid="ingredient">
                        {langs.map((lang) => (
                          <TextInput
                            key={lang}
                            label={t('recipes.editor.ingredientName', { lang })}
                            value={ingredient.names[lang] ?? ''}
                            onChange={(e) =>
                              setIngredient({ names: { ...ingredient.names, [lang]: e.currentTarget.value } })
                            }
                            w={160}
                            data-testid={`ingredient-name-${lang}`}
                          />
                        ))}
                        {langs.map((lang) => (
                          <TextInput
                            key={`d-${lang}`}
                            label={t('recipes.editor.ingredientNote', { lang })}
                            value={ingredient.descriptions[lang] ?? ''}
                            onChange={(e) =>
                              setIngredient({
                                descriptions: { ...ingredient.descriptions, [lang]: e.currentTarget.value },
                              })
                            }
                            w={160}
                          />
                        ))}
                        <NumberInput
                          label={t('recipes.editor.quantity')}
                          value={ingredient.quantity ?? ''}
                          onChange={(value) => setIngredient({ quantity: num(value) })}
                          min={0}
                          w={100}
                          data-testid="ingredient-quantity"
                        />
                        <Select
                          label={t('recipes.editor.unit')}
                          data={units.map((u) => ({ value: u.id, label: u.name }))}
                          value={ingredient.unitId}
                          onChange={(value) => setIngredient({ unitId: value })}
                          clearable
                          w={120}
                          data-testid="ingredient-unit"
                        />
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            setVersion(v, { ingredients: version.ingredients.filter((_, j) => j !== i) })
                          }
                        >
                          {t('recipes.editor.remove')}
                        </Button>
                      </Group>
                    );
                  })}
                  <Group>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        setVersion(v, {
                          ingredients: [
                            ...version.ingredients,
                            { names: {}, quantity: null, unitId: null, descriptions: {} },
                          ],
                        })
                      }
                      data-testid="add-ingredient"
                    >
                      {t('recipes.editor.addIngredient')}
                    </Button>
                  </Group>
                  <Text fw={500} size="sm">
                    {t('recipes.editor.steps')}
                  </Text>
                  {version.steps.map((step, s) => (
                    <StepEditor
                      key={s}
                      step={step}
                      recipeType={content.type as RecipeType}
                      modes={modes}
                      langs={langs}
                      serverErrors={stepErrors(serverErrors, `servingVersions.${v}.steps.${s}.`)}
                      onChange={(next) =>
                        setVersion(v, { steps: version.steps.map((x, j) => (j === s ? next : x)) })
                      }
                      onRemove={() => setVersion(v, { steps: version.steps.filter((_, j) => j !== s) })}
                    />
                  ))}
                  <Group>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        setVersion(v, {
                          steps: [
                            ...version.steps,
                            emptyStep(Math.max(0, ...version.steps.map((x) => x.number)) + 1),
                          ],
                        })
                      }
                      data-testid="add-step"
                    >
                      {t('recipes.editor.addStep')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={5} mb="sm">
            {t('recipes.editor.nutrients')}
          </Title>
          <Stack gap="xs">
            {content.nutrients.map((nutrient, i) => {
              const setNutrient = (patch: Partial<typeof nutrient>) =>
                set({ nutrients: content.nutrients.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
              return (
                <Group key={i} align="flex-end" gap="xs">
                  <TextInput
                    label={t('recipes.editor.nutrientName')}
                    value={nutrient.name}
                    onChange={(e) => setNutrient({ name: e.currentTarget.value })}
                    w={160}
                  />
                  <NumberInput
                    label={t('recipes.editor.amount')}
                    value={nutrient.amount}
                    onChange={(value) => setNutrient({ amount: Number(value) || 0 })}
                    min={0}
                    w={110}
                  />
                  <TextInput
                    label={t('recipes.editor.unit')}
                    value={nutrient.unit}
                    onChange={(e) => setNutrient({ unit: e.currentTarget.value })}
                    w={90}
                  />
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => set({ nutrients: content.nutrients.filter((_, j) => j !== i) })}
                  >
                    {t('recipes.editor.remove')}
                  </Button>
                </Group>
              );
            })}
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => set({ nutrients: [...content.nutrients, { name: '', amount: 0, unit: '' }] })}
              >
                {t('recipes.editor.addNutrient')}
              </Button>
            </Group>
          </Stack>
        </Paper>

        {problems.length > 0 && (
          <Alert color="red" data-testid="editor-problems">
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          {uploads.pending > 0 && (
            <Text size="sm" c="dimmed" data-testid="wait-for-uploads">
              {t('components.waitForUploads')}
            </Text>
          )}
          <Button
            variant="default"
            loading={busy === 'save'}
            disabled={uploads.pending > 0}
            onClick={() => void send(false)}
            data-testid="editor-save"
          >
            {t('recipes.editor.save')}
          </Button>
          <Button
            loading={busy === 'submit'}
            disabled={uploads.pending > 0}
            onClick={() => void send(true)}
            data-testid="editor-submit"
          >
            {t('recipes.editor.submit')}
          </Button>
        </Group>
      </Stack>
    </PendingUploads>
  );
}

/** The fields of a step that show the API's errors under them. */
const STEP_ERROR_FIELDS = ['workMode', 'temperature', 'speed', 'minutes', 'seconds', 'rotation'] as const;
export type StepErrors = Partial<Record<(typeof STEP_ERROR_FIELDS)[number], string>>;

function stepErrors(errors: Record<string, string>, prefix: string): StepErrors {
  return Object.fromEntries(
    STEP_ERROR_FIELDS.filter((f) => errors[prefix + f]).map((f) => [f, errors[prefix + f]]),
  );
}

/** Whether the editor shows a field error of this path under its field (the rest are listed above the buttons). */
function isPlaced(path: string): boolean {
  return (
    path === 'number' ||
    /^texts\.[^.]+\.name$/.test(path) ||
    /^servingVersions\.\d+\.servings$/.test(path) ||
    new RegExp(`^servingVersions\\.\\d+\\.steps\\.\\d+\\.(${STEP_ERROR_FIELDS.join('|')})$`).test(path)
  );
}

export type { Content as EditorContent };
