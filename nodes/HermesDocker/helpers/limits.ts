import { DOCKER_SECONDS } from '../../../core/docker/contract';

/** Seconds a read (status, logs, list, the target check) may take, by the command or the daemon's socket. */
export const READ_SECONDS = DOCKER_SECONDS.read;
/** `update` pulls images: give it time. */
export const MANAGE_SECONDS = DOCKER_SECONDS.manage;
