import { Button, Group } from '@mantine/core';
import type { RecipeForm } from './recipe-form.js';

/** Takes item `index` out of the form's list at `path` (a nutrient, an ingredient, a serving version). */
export function RemoveItemButton({
  form,
  path,
  index,
  label,
}: {
  form: RecipeForm;
  path: string;
  index: number;
  label: string;
}) {
  return (
    <Button size="xs" variant="subtle" color="red" onClick={() => form.removeListItem(path, index)}>
      {label}
    </Button>
  );
}

/** Adds `item()` at the end of the form's list at `path`, from a button under the list. */
export function AddItemButton({
  form,
  path,
  item,
  label,
  testId,
}: {
  form: RecipeForm;
  path: string;
  item: () => unknown;
  label: string;
  testId?: string;
}) {
  return (
    <Group>
      <Button
        size="xs"
        variant="default"
        onClick={() => form.insertListItem(path, item())}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
