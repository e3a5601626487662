import { KNOWN_FAULT_TYPES } from '@kb/contracts';
import { faultTypeLabel } from './device-cells.js';

/**
 * The fault type choices: the known types and the codes the brand has named, by name, plus a code devices sent
 * that is not among them.
 */
export function faultTypeOptions(
  extra: string | null | undefined,
  brandNames: Map<string, string>,
): { value: string; label: string }[] {
  const types: string[] = [...new Set([...KNOWN_FAULT_TYPES, ...brandNames.keys()])];
  if (extra && !types.includes(extra)) types.push(extra);
  return types.map((type) => ({ value: type, label: faultTypeLabel(type, brandNames) }));
}
