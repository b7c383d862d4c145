import {
  CAPTURE_KINDS,
  MAIL_STATUSES,
  type AdminEventFilter,
  type AdminEventRow,
  type AdminExportKind,
  type AdminGuestbookFilter,
  type AdminGuestbookRow,
  type AdminPhotoFilter,
  type AdminPhotoRow,
  type AdminUserFilter,
  type AdminUserRow,
  type AuditAction,
  type MailStatus,
} from '@afterglow/contracts';
import { msg, type MessageDescriptor } from '@afterglow/ui';

// The dashboard's words that the contracts also spell (ADMIN_FILTER_LABELS, ADMIN_CONFIRM,
// ADMIN_TOASTS, AUDIT_ACTION_LABELS): the same English, as messages each language translates.

/** The filter select of each list. */
export const FILTER_LABELS: {
  users: Record<AdminUserFilter, MessageDescriptor>;
  events: Record<AdminEventFilter, MessageDescriptor>;
  photos: Record<AdminPhotoFilter, MessageDescriptor>;
  guestbook: Record<AdminGuestbookFilter, MessageDescriptor>;
} = {
  users: {
    all: msg('filter.users.all', 'All Users'),
    active: msg('filter.users.active', 'Active'),
    suspended: msg('filter.users.suspended', 'Suspended'),
    premium: msg('filter.users.premium', 'Premium'),
  },
  events: {
    all: msg('filter.events.all', 'All Events'),
    active: msg('filter.events.active', 'Active'),
    upcoming: msg('filter.events.upcoming', 'Upcoming'),
    ended: msg('filter.events.ended', 'Ended'),
  },
  photos: {
    all: msg('filter.photos.all', 'All Photos'),
    pending: msg('filter.photos.pending', 'Pending Review'),
    flagged: msg('filter.photos.flagged', 'Flagged'),
    approved: msg('filter.photos.approved', 'Approved'),
    rejected: msg('filter.photos.rejected', 'Rejected'),
  },
  guestbook: {
    all: msg('filter.guestbook.all', 'All Messages'),
    pending: msg('filter.guestbook.pending', 'Pending Review'),
    approved: msg('filter.guestbook.approved', 'Approved'),
    rejected: msg('filter.guestbook.rejected', 'Rejected'),
    held: msg('filter.guestbook.held', 'Held by Reports'),
  },
};

/** The Mail tab's status select: every message, or one status (ADR 035). */
export const MAIL_FILTERS = ['all', ...MAIL_STATUSES] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
/** A message's status, as its badge and the status select word it. */
export const MAIL_STATUS: Record<MailStatus, MessageDescriptor> = {
  pending: msg('mail.status.pending', 'Waiting'),
  sent: msg('mail.status.sent', 'Sent'),
  saved: msg('mail.status.saved', 'Kept as a file'),
  failed: msg('mail.status.failed', 'Failed'),
};
export const MAIL_FILTER_LABELS: Record<MailFilter, MessageDescriptor> = {
  all: msg('mail.filter.all', 'All'),
  ...MAIL_STATUS,
};

/** The Photos tab's kind select: every capture, or one kind (ADR 030). */
export const PHOTO_KIND_FILTERS = ['all', ...CAPTURE_KINDS] as const;
export type PhotoKindFilter = (typeof PHOTO_KIND_FILTERS)[number];
export const PHOTO_KIND_LABELS: Record<PhotoKindFilter, MessageDescriptor> = {
  all: msg('filter.kind.all', 'Photos and clips'),
  photo: msg('filter.kind.photo', 'Photos'),
  clip: msg('filter.kind.clip', 'Clips'),
};

/** The status badge of a row. */
export const USER_STATUS: Record<AdminUserRow['status'], MessageDescriptor> = {
  active: msg('users.status.active', 'Active'),
  suspended: msg('users.status.suspended', 'Suspended'),
};
export const EVENT_STATUS: Record<AdminEventRow['status'], MessageDescriptor> = {
  upcoming: msg('events.status.upcoming', 'Upcoming'),
  active: msg('events.status.active', 'Active'),
  ended: msg('events.status.ended', 'Ended'),
};
export const PHOTO_STATUS: Record<AdminPhotoRow['status'], MessageDescriptor> = {
  pending: msg('photos.status.pending', 'Pending Review'),
  approved: msg('photos.status.approved', 'Approved'),
  rejected: msg('photos.status.rejected', 'Rejected'),
};

export const ENTRY_STATUS: Record<AdminGuestbookRow['status'], MessageDescriptor> = {
  pending: msg('guestbook.status.pending', 'Pending Review'),
  approved: msg('guestbook.status.approved', 'Approved'),
  rejected: msg('guestbook.status.rejected', 'Rejected'),
};

/** The questions of the confirm dialogs (spec section 7). */
export const CONFIRM = {
  suspend: msg(
    'users.confirmSuspend',
    'Are you sure you want to suspend this user? They will not be able to access the platform.',
  ),
  deleteEvent: msg(
    'events.confirmDelete',
    'Are you sure you want to delete this event? This action cannot be undone.',
  ),
  deleteEntry: msg(
    'guestbook.confirmDelete',
    'Are you sure you want to delete this message? This action cannot be undone.',
  ),
};

/** The toast after each admin action (spec section 7). */
export const DONE = {
  suspended: msg('toast.suspended', 'User suspended successfully'),
  unsuspended: msg('toast.unsuspended', 'User unsuspended successfully'),
  moderated: msg('toast.moderated', 'Photo moderated successfully'),
  eventDeleted: msg('toast.eventDeleted', 'Event deleted successfully'),
  entryModerated: msg('toast.entryModerated', 'Message moderated successfully'),
  entryDeleted: msg('toast.entryDeleted', 'Message deleted successfully'),
};

/** How the Recent Activity list words an entry. */
export const AUDIT_ACTIONS: Record<AuditAction, MessageDescriptor> = {
  'user.suspended': msg('activity.action.userSuspended', 'Suspended a user'),
  'user.unsuspended': msg('activity.action.userUnsuspended', 'Unsuspended a user'),
  'event.deleted': msg('activity.action.eventDeleted', 'Deleted an event'),
  'photo.approved': msg('activity.action.photoApproved', 'Approved a photo'),
  'photo.rejected': msg('activity.action.photoRejected', 'Rejected a photo'),
  'photo.flagged': msg('activity.action.photoFlagged', 'Flagged a photo'),
  'photo.pending': msg('activity.action.photoPending', 'Returned a photo to review'),
  'guestbook.approved': msg('activity.action.guestbookApproved', 'Approved a guestbook message'),
  'guestbook.rejected': msg('activity.action.guestbookRejected', 'Rejected a guestbook message'),
  'guestbook.deleted': msg('activity.action.guestbookDeleted', 'Deleted a guestbook message'),
};

/** The CSV downloads of the Export Data dialog. */
export const EXPORT_LABELS: Record<AdminExportKind, MessageDescriptor> = {
  users: msg('export.users', 'Users (CSV)'),
  events: msg('export.events', 'Events (CSV)'),
  photos: msg('export.photos', 'Photos (CSV)'),
  activity: msg('export.activity', 'Activity log (CSV)'),
};

/** What an admin list says about its rows while loading, when it failed, and how many it shows. */
export interface ListBodyText {
  loading: MessageDescriptor;
  failed: MessageDescriptor;
  /** `{count}` rows shown */
  showing: MessageDescriptor;
}
/** The names of a list's search box and filter select. */
export interface ListToolbarText {
  search: MessageDescriptor;
  searchPlaceholder: MessageDescriptor;
  filter: MessageDescriptor;
}
export const LIST_TEXT = {
  users: {
    search: msg('list.users.search', 'Search users'),
    searchPlaceholder: msg('list.users.searchPlaceholder', 'Search users...'),
    filter: msg('list.users.filter', 'Filter users'),
    loading: msg('list.users.loading', 'Loading users'),
    failed: msg('list.users.failed', 'Could not load users'),
    showing: msg('list.users.showing', '{count, plural, one {Showing # user} other {Showing # users}}'),
  },
  events: {
    search: msg('list.events.search', 'Search events'),
    searchPlaceholder: msg('list.events.searchPlaceholder', 'Search events...'),
    filter: msg('list.events.filter', 'Filter events'),
    loading: msg('list.events.loading', 'Loading events'),
    failed: msg('list.events.failed', 'Could not load events'),
    showing: msg('list.events.showing', '{count, plural, one {Showing # event} other {Showing # events}}'),
  },
  photos: {
    search: msg('list.photos.search', 'Search photos'),
    searchPlaceholder: msg('list.photos.searchPlaceholder', 'Search photos...'),
    filter: msg('list.photos.filter', 'Filter photos'),
    loading: msg('list.photos.loading', 'Loading photos'),
    failed: msg('list.photos.failed', 'Could not load photos'),
    showing: msg('list.photos.showing', '{count, plural, one {Showing # photo} other {Showing # photos}}'),
  },
  guestbook: {
    search: msg('list.guestbook.search', 'Search messages'),
    searchPlaceholder: msg('list.guestbook.searchPlaceholder', 'Search messages...'),
    filter: msg('list.guestbook.filter', 'Filter messages'),
    loading: msg('list.guestbook.loading', 'Loading messages'),
    failed: msg('list.guestbook.failed', 'Could not load messages'),
    showing: msg(
      'list.guestbook.showing',
      '{count, plural, one {Showing # message} other {Showing # messages}}',
    ),
  },
  mail: {
    loading: msg('list.mail.loading', 'Loading e-mails'),
    failed: msg('list.mail.failed', 'Could not load e-mails'),
    showing: msg('list.mail.showing', '{count, plural, one {Showing # e-mail} other {Showing # e-mails}}'),
  },
  entries: {
    loading: msg('list.entries.loading', 'Loading entries'),
    failed: msg('list.entries.failed', 'Could not load entries'),
    showing: msg('list.entries.showing', '{count, plural, one {Showing # entry} other {Showing # entries}}'),
  },
} satisfies Record<string, ListBodyText & Partial<ListToolbarText>>;
