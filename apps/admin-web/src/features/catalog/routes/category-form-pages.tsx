import type { RecipeCategory } from '@kb/contracts';
import { categoryRoute } from '../api/categories.js';
import { recordDetailQuery } from '../api/reference-records.js';
import { WithBrandLanguages } from '../components/brand-languages.js';
import { CategoryForm } from '../components/category-form.js';
import { RecordLoader } from '../../../components/record-state.js';

/** §2 /category-set-add. */
export function CategoryAddPage() {
  return <WithBrandLanguages>{(languages) => <CategoryForm languages={languages} />}</WithBrandLanguages>;
}

/** §2 /category-set-edit?id=… */
export function CategoryEditPage() {
  return (
    <WithBrandLanguages>
      {(languages) => (
        <RecordLoader query={(id) => recordDetailQuery<RecipeCategory>(categoryRoute, id)}>
          {(record, reload) => <CategoryForm languages={languages} record={record} onReload={reload} />}
        </RecordLoader>
      )}
    </WithBrandLanguages>
  );
}
