/**
 * /track is pre-rendered: the form that asks for a tracking number is the same for every visitor. A
 * visitor whose browser holds the tracking cookie may be shown their case, so proxy.ts answers their
 * request, under the same address, with the page rendered per request (with a nonce):
 * `/{locale}/track/case`. Nothing else links to that address; asked for directly, it redirects to /track.
 */
export const TRACK_PAGE_PATH = "/track";
export const TRACKED_CASE_PAGE_PATH = "/track/case";

/** The guest's tracking cookie (signed and read by lib/tracking/access-cookie.ts). */
export const TRACK_COOKIE = "afya_track";
