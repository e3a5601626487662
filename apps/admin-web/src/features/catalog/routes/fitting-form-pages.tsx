import type { Accessory } from '@kb/contracts';
import { accessoryRoute } from '../api/accessories.js';
import { recordDetailQuery } from '../api/reference-records.js';
import { AccessoryForm } from '../components/accessory-form.js';
import { WithBrandLanguages } from '../components/brand-languages.js';
import { RecordLoader } from '../../../components/record-state.js';

/** §2 /fitting-add. */
export function FittingAddPage() {
  return <WithBrandLanguages>{(languages) => <AccessoryForm languages={languages} />}</WithBrandLanguages>;
}

/** §2 /fitting-edit?id=… */
export function FittingEditPage() {
  return (
    <WithBrandLanguages>
      {(languages) => (
        <RecordLoader query={(id) => recordDetailQuery<Accessory>(accessoryRoute, id)}>
          {(record, reload) => <AccessoryForm languages={languages} record={record} onReload={reload} />}
        </RecordLoader>
      )}
    </WithBrandLanguages>
  );
}
