import { faultTypeInputSchema, type FaultTypeName } from '@kb/contracts';
import type { z } from 'zod';
import { displayName, namesOf, type ReferenceEntity } from '../../common/reference-entity/definition.js';

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

/**
 * The brand's dictionary of fault codes: what each code its devices report means, per language. It lives with
 * the brand (a reference table) because the codes are the device maker's, not ours.
 */
export const faultTypeEntity: ReferenceEntity<z.output<typeof faultTypeInputSchema>, FaultTypeName> = {
  route: 'faultType',
  editPermission: 'device.edit',
  label: 'fault type names',
  table: 'fault_types',
  addSchema: faultTypeInputSchema,
  namesColumn: 'names',
  numberColumn: 'number',
  orderBy: 't.number',
  endpoints: ['list', 'add', 'update', 'detail', 'delete'],
  columns: (i) => ({ number: i.number, names: i.names }),
  toDto: (r, { lang, mainLang }) => {
    const names = namesOf(r);
    return {
      id: r.id,
      number: String(r.number),
      names,
      name: displayName(names, lang, mainLang),
      version: r.version,
      updatedAt: iso(r.updated_at),
    };
  },
};
