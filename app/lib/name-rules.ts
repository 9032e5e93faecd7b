/**
 * The longest names an account keeps, shared by the forms' schemas
 * (app/features/account/account.schema.ts) and the server's check of what is posted to the
 * auth API directly (server/auth/request-checks.ts): first and last name each, and the whole
 * name, both joined by a space.
 */
export const NAME_PART_MAX_LENGTH = 100;

export const FULL_NAME_MAX_LENGTH = NAME_PART_MAX_LENGTH * 2 + 1;
