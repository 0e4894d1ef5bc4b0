/**
 * The records form's choices and limits, without the schema that checks them (./submissions.ts): the
 * form's page imports these with its first scripts, and zod is loaded only once the form is used
 * (docs/decisions/034-validation-loaded-on-use.md).
 */
export const urgencies = ["urgent", "standard", "flexible"] as const;
export const preferredCountryOptions = ["Turkey", "India", "Both"] as const;
export const budgets = ["under-5k", "5k-15k", "15k-30k", "30k-50k", "50k-plus"] as const;

export const MAX_FILE_BYTES = 500 * 1024 * 1024;
export const MAX_FILES_PER_SUBMISSION = 50;
