/*
 * The limits of what a patient may send as imaging, apart from the schemas of ./imaging.ts: the records
 * form's page checks them before anything is sent, with its first scripts, and zod is loaded only once
 * the form is used (docs/decisions/034-validation-loaded-on-use.md).
 */

/** A study as a patient may send it: up to this many images and bytes; a case may hold several studies. */
export const MAX_STUDY_IMAGES = 3000;
export const MAX_STUDY_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * The server cannot trust the browser's grouping of files into studies (it indexes what arrived from
 * the files' own headers), so what a case may receive as imaging is bounded as a whole too: at most
 * this many studies, and this many bytes of imaging in all.
 */
export const MAX_STUDIES_PER_CASE = 5;
export const MAX_CASE_IMAGING_BYTES = 6 * 1024 * 1024 * 1024;
