/**
 * The message when the server gave no words of its own (the pages show it in the guest's language:
 * lib/errors.ts). A module of its own: the join page reads errors.ts, and must not bring the uploader.
 */
export const UPLOAD_FAILED = 'Could not upload photo';
