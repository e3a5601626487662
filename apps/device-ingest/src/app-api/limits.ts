/** Largest body each companion-app endpoint reads; a bigger one is refused with 413 before it is read in full. */
export const APP_BODY_LIMITS = { auth: 8 * 1024, activity: 256 * 1024 } as const;
