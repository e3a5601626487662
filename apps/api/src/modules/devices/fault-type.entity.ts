import { faultTypeInputSchema, type FaultTypeName, numberedNamesSchema } from '@kb/contracts';
import type { z } from 'zod';
import { numberedNamesDto, type ReferenceEntity } from '../../common/reference-entity/definition.js';

/**
 * The brand's dictionary of fault codes: what each code its devices report means, per language. It lives with
 * the brand (a reference table) because the codes are the device maker's, not ours.
 */
export const faultTypeEntity: ReferenceEntity<z.output<typeof faultTypeInputSchema>, FaultTypeName> = {
  dtoSchema: numberedNamesSchema,
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
  toDto: numberedNamesDto,
};
