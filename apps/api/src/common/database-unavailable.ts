/** Kept in the platform so a command run by any process answers a database that could not serve it alike. */
export { databaseUnavailable } from '@kb/platform';
