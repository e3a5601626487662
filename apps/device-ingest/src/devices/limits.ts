/** Largest body each device endpoint reads; a bigger one is refused with 413 before it is read in full. */
export const BODY_LIMITS = {
  activate: 16 * 1024,
  telemetry: 1024 * 1024,
  faults: 2 * 1024 * 1024,
  cooking: 256 * 1024,
} as const;
