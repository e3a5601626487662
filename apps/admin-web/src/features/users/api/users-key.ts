/** Cache key of everything the user screens load; a change to app users or search records invalidates it. */
export const USERS_KEY = ['app-users'] as const;
