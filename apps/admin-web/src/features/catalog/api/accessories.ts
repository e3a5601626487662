import type { Accessory } from '@kb/contracts';
import type { ReferenceRoute } from './reference-records.js';

/** `/api/accessory/*` (§7): the accessory library. */
export const accessoryRoute: ReferenceRoute = { route: 'accessory', key: ['catalog', 'accessories'] };

export interface AccessoryInput {
  number: string;
  names: Record<string, string>;
  photoFileCode: string;
  xtPhotoFileCode: string | null;
  code: string;
  accessoryCode: string;
  type: Accessory['type'];
}
