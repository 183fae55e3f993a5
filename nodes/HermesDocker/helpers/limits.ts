/** Seconds a read (status, logs, list, the target check) may take, by the command or the daemon's socket. */
export const READ_SECONDS = 30;
/** `update` pulls images: give it time. */
export const MANAGE_SECONDS = 300;
