import type { BrandLanguage, IngredientUnit } from '@kb/contracts';
import { useEffect, useMemo, useState } from 'react';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { usePageContext } from '../../../lib/page-context.js';
import { useSaveRecord } from '../api/reference-records.js';
import { unitRoute, type UnitInput } from '../api/units.js';
import { unitFormRules } from '../rules/form-rules.js';
import { namesForForm, namesToSend } from '../rules/languages.js';
import { ConflictAlert } from '../../../components/conflict-alert.js';
import { NamesFields } from './names-fields.js';
import { saveOrReportConflict } from './save-outcome.js';

interface UnitValues extends Record<string, unknown> {
  names: Record<string, string>;
}

/** An ingredient unit's names (one per brand language, main required; §5 "unit name must be unique"). */
export function UnitForm({
  languages,
  record,
  onSaved,
  onCancel,
  onReload,
}: {
  languages: BrandLanguage[];
  record?: IngredientUnit;
  onSaved: () => void;
  onCancel: () => void;
  onReload?: () => Promise<void>;
}) {
  const save = useSaveRecord<UnitInput, IngredientUnit>(unitRoute);
  const page = usePageContext();
  // The form lives in a dialog: when it closes, the list's tab has nothing unsaved any more.
  useEffect(() => () => page?.setDirty(page.tabKey, false), [page]);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const langs = languages.map((l) => l.langCode);
  const mainLang = langs[0] ?? '';
  const rules = useMemo(() => unitFormRules(langs, mainLang), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<UnitValues>(rules, {
    initialValues: { names: namesForForm(langs, record?.names) },
  });
  return (
    <FormPage
      form={form}
      maw={640}
      onCancel={onCancel}
      onSubmit={async (v) => {
        const input: UnitInput = { names: namesToSend(v.names, langs) };
        await saveOrReportConflict(
          () => save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input),
          () => setConflict(true),
        );
        onSaved();
      }}
    >
      {conflict && onReload && (
        <ConflictAlert
          reloading={reloading}
          onReload={() => {
            setReloading(true);
            void onReload().finally(() => setReloading(false));
          }}
        />
      )}
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
    </FormPage>
  );
}
