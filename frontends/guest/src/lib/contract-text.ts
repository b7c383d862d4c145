import { msg, type MessageDescriptor } from '@afterglow/ui';
import type {
  DEVICE_MESSAGES,
  EVENT_MESSAGES,
  FilmPreset,
  PLAN_MESSAGES,
  ShotOption,
} from '@afterglow/contracts';

// The words of @afterglow/contracts that guests read, as guest messages: one per key of the contract's
// table, with the contract's English exactly (the services and the other remotes keep using the
// contract's own strings). Those only the galleries show are in gallery-contract-text.ts, so the join
// and camera pages do not carry them.

type Table<K extends PropertyKey> = Record<K, MessageDescriptor>;

/** SHOT_LABELS */
export const SHOT_LABEL_TEXT: Table<ShotOption> = {
  12: msg('shotLabel.12', 'Half roll'),
  24: msg('shotLabel.24', 'Classic'),
  36: msg('shotLabel.36', 'Full roll'),
};

/** FILM_PRESET_INFO names (the guest's pages show no description) */
export const FILM_PRESET_NAME: Table<FilmPreset> = {
  classic: msg('filmPreset.classic', 'Classic Film'),
  warm200: msg('filmPreset.warm200', 'Warm 200'),
  cool400: msg('filmPreset.cool400', 'Cool 400'),
  bw: msg('filmPreset.bw', 'Black & White'),
};

/** EVENT_MESSAGES the guest meets: the code field's */
export const EVENT_TEXT = {
  invalidCode: msg('eventMessage.invalidCode', 'Please enter a valid 6-digit event code'),
} satisfies Partial<Table<keyof typeof EVENT_MESSAGES>>;

/** DEVICE_MESSAGES, the join form's checks; `displayNameMax` takes `{ max: DISPLAY_NAME_MAX }`. */
export const DEVICE_TEXT: Table<keyof typeof DEVICE_MESSAGES> = {
  anonId: msg('deviceMessage.anonId', 'anonId must be a UUID'),
  displayNameMax: msg('deviceMessage.displayNameMax', 'Your name can be at most {max} characters'),
};

/** PLAN_MESSAGES the guest meets: joining a full event, uploading to one */
export const PLAN_TEXT = {
  photoLimit: msg(
    'planMessage.photoLimit',
    'This event has reached its photo limit. Your photo was not uploaded.',
  ),
  guestLimit: msg(
    'planMessage.guestLimit',
    'This event has reached its guest limit, so no more guests can join.',
  ),
} satisfies Partial<Table<keyof typeof PLAN_MESSAGES>>;
