/** Files under this size are sent several at once (a CD's images); larger ones one at a time. */
export const SMALL_FILE_BYTES = 4 * 1024 * 1024;
/** How many small files travel at once: enough to hide each request's round trip, few enough for a phone's link. */
export const PARALLEL_SMALL_FILES = 4;
