import { KNOWN_FAULT_TYPES } from '@kb/contracts';
import { faultTypeLabel } from './device-cells.js';

/** The fault type choices: the known types by name, plus a code devices sent that is not among them. */
export function faultTypeOptions(extra?: string | null): { value: string; label: string }[] {
  const types: string[] = [...KNOWN_FAULT_TYPES];
  if (extra && !types.includes(extra)) types.push(extra);
  return types.map((type) => ({ value: type, label: faultTypeLabel(type) }));
}
