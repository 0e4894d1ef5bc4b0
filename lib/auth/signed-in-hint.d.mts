export const SIGNED_IN_HINT_COOKIE: string;
