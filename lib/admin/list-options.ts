/** What the dashboard and GET /api/admin/all-submissions agree on (no server code: the browser imports it too). */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** The dashboard's tabs; each one is its own server query (with its own cursor). */
export const adminTabs = ["all", "urgent", "registered", "files"] as const;
export type AdminTab = (typeof adminTabs)[number];
