import type { RecipeTag } from '@kb/contracts';
import { recordDetailQuery } from '../api/reference-records.js';
import { tagRoute } from '../api/tags.js';
import { WithBrandLanguages } from '../components/brand-languages.js';
import { RecordLoader } from '../../../components/record-state.js';
import { TagForm } from '../components/tag-form.js';

/** §2 /tag-add. */
export function TagAddPage() {
  return <WithBrandLanguages>{(languages) => <TagForm languages={languages} />}</WithBrandLanguages>;
}

/** §2 /tag-edit?id=… */
export function TagEditPage() {
  return (
    <WithBrandLanguages>
      {(languages) => (
        <RecordLoader query={(id) => recordDetailQuery<RecipeTag>(tagRoute, id)}>
          {(record, reload) => <TagForm languages={languages} record={record} onReload={reload} />}
        </RecordLoader>
      )}
    </WithBrandLanguages>
  );
}
