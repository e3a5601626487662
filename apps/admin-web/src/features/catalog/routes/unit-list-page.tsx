import type { BrandLanguage, IngredientUnit } from '@kb/contracts';
import { Alert, Button, Center, Loader, Modal } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { Can } from '../../../components/can.js';
import { deleteRecords, recordDetailQuery, useDeleteRecords } from '../api/reference-records.js';
import { unitRoute, unitsQuery } from '../api/units.js';
import { useBrandLanguages, WithBrandLanguages } from '../components/brand-languages.js';
import { formatTime } from '../components/format.js';
import { NO_FILTER, useReferenceFilters, type NumberNameLangFilter } from '../components/language-filter.js';
import { RowActions } from '../components/row-actions.js';
import { UnitForm } from '../components/unit-form.js';
import { deleteEach } from '../rules/delete-each.js';
import { pageLocally } from '../rules/local-page.js';

/** The unit being edited in the dialog: a new one, or an existing one by id. */
type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

function EditUnit({
  id,
  languages,
  onClose,
}: {
  id: string;
  languages: BrandLanguage[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const detail = useQuery(recordDetailQuery<IngredientUnit>(unitRoute, id));
  if (detail.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {t('catalog.loadFailed')}: {detail.error.message}
      </Alert>
    );
  if (!detail.data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  return (
    <Fragment key={generation}>
      <UnitForm
        languages={languages}
        record={detail.data}
        onSaved={onClose}
        onCancel={onClose}
        onReload={async () => {
          await detail.refetch();
          setGeneration((g) => g + 1);
        }}
      />
    </Fragment>
  );
}

/**
 * Ingredient unit management (registered as /unit-list under recipe management): names per language, unique.
 * §7 lists units whole (form-encoded POST, `onPage=false`); this screen filters there and pages here. Adding and
 * editing happen in a dialog; deleting asks the §8 "unit delete" confirmation.
 */
export function UnitListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const languages = useBrandLanguages();
  const filters = useReferenceFilters(languages, false);
  const remove = useDeleteRecords(unitRoute);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <>
      <ListPage<IngredientUnit, NumberNameLangFilter>
        queryKey={[...unitRoute.key, 'page']}
        fetchPage={async (q) =>
          pageLocally(
            await queryClient.fetchQuery(unitsQuery({ name: q.name, lang: q.lang })),
            q.pageNum,
            q.pageSize,
          )
        }
        initialFilters={NO_FILTER}
        filters={filters}
        idAccessor="id"
        columns={[
          ...(languages ?? []).map((lang) => ({
            accessor: `names.${lang.langCode}`,
            title: t('catalog.fields.nameIn', { lang: lang.langName }),
            render: (u: IngredientUnit) => u.names[lang.langCode] ?? '',
          })),
          {
            accessor: 'updatedAt',
            title: t('catalog.fields.updatedAt'),
            render: (u) => formatTime(u.updatedAt),
          },
          {
            accessor: 'actions',
            title: t('common.actions'),
            render: (u) => (
              <RowActions
                permission="unit.edit"
                confirm="unitDelete"
                onEdit={() => setEditing({ kind: 'edit', id: u.id })}
                onDelete={() => remove.mutateAsync([u.id])}
              />
            ),
          },
        ]}
        batchActions={[
          {
            key: 'edit',
            permission: 'unit.edit',
            label: t('common.edit'),
            single: true,
            run: async ([u]) => {
              if (u) setEditing({ kind: 'edit', id: u.id });
            },
          },
          {
            key: 'delete',
            permission: 'unit.edit',
            label: t('common.delete'),
            color: 'red',
            confirm: 'batchDelete',
            // §7: units have no batchDelete; each is deleted on its own and failures are listed.
            run: async (rows) => {
              const outcome = await deleteEach(
                rows,
                (u) => u.name,
                (u) => deleteRecords(unitRoute, [u.id], true),
              );
              await queryClient.invalidateQueries({ queryKey: unitRoute.key });
              return outcome;
            },
          },
        ]}
        toolbar={
          <Can permission="unit.edit">
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ kind: 'add' })}
              data-testid="add"
            >
              {t('common.add')}
            </Button>
          </Can>
        }
      />
      <Modal
        opened={editing !== null}
        onClose={close}
        size="lg"
        title={editing?.kind === 'edit' ? t('catalog.units.editTitle') : t('catalog.units.addTitle')}
        data-testid="unit-dialog"
      >
        <WithBrandLanguages>
          {(langs) =>
            editing?.kind === 'edit' ? (
              <EditUnit id={editing.id} languages={langs} onClose={close} />
            ) : (
              <UnitForm languages={langs} onSaved={close} onCancel={close} />
            )
          }
        </WithBrandLanguages>
      </Modal>
    </>
  );
}
