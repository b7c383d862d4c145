// No zod here: the admin dashboard uses these names, texts and shapes, and a schema would bring zod
// into its bundle. The schemas that check them are in admin.ts.
import type { CaptureKind } from './capture-kinds';
import type { GuestbookKind, GuestbookStatus } from './guestbook-rules';

/**
 * The back office (spec sections 2, 7 and 8; ADR 028): its list filters, the words the dashboard
 * shows, and the shapes of the admin API's answers.
 */

/** Users tab filter: All Users, Active, Suspended, Premium (a paid plan). */
export const ADMIN_USER_FILTERS = ['all', 'active', 'suspended', 'premium'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];
/** Events tab filter: All Events, Active, Upcoming, Ended. */
export const ADMIN_EVENT_FILTERS = ['all', 'active', 'upcoming', 'ended'] as const;
export type AdminEventFilter = (typeof ADMIN_EVENT_FILTERS)[number];
/** Photos tab filter: All Photos, Pending Review, Flagged, Approved, Rejected. */
export const ADMIN_PHOTO_FILTERS = ['all', 'pending', 'flagged', 'approved', 'rejected'] as const;
export type AdminPhotoFilter = (typeof ADMIN_PHOTO_FILTERS)[number];
/** Guestbook tab filter (ADR 034): All Messages, Pending Review, Approved, Rejected, Held by reports. */
export const ADMIN_GUESTBOOK_FILTERS = ['all', 'pending', 'approved', 'rejected', 'held'] as const;
export type AdminGuestbookFilter = (typeof ADMIN_GUESTBOOK_FILTERS)[number];

export const ADMIN_FILTER_LABELS = {
  users: { all: 'All Users', active: 'Active', suspended: 'Suspended', premium: 'Premium' },
  events: { all: 'All Events', active: 'Active', upcoming: 'Upcoming', ended: 'Ended' },
  photos: {
    all: 'All Photos',
    pending: 'Pending Review',
    flagged: 'Flagged',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  guestbook: {
    all: 'All Messages',
    pending: 'Pending Review',
    approved: 'Approved',
    rejected: 'Rejected',
    held: 'Held by Reports',
  },
} as const;

/** POST /api/admin/photos/{id}/moderate: the actions, and the reason the dashboard sends with each. */
export const ADMIN_MODERATE_ACTIONS = ['approve', 'reject', 'flag'] as const;
export type AdminModerateAction = (typeof ADMIN_MODERATE_ACTIONS)[number];
export const ADMIN_MODERATE_REASONS: Record<AdminModerateAction, string | undefined> = {
  approve: undefined,
  reject: 'Inappropriate content',
  flag: 'Needs review',
};
/** POST /api/admin/guestbook/{id}/moderate: what an admin may do to a guestbook entry. */
export const ADMIN_GUESTBOOK_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type AdminGuestbookAction = (typeof ADMIN_GUESTBOOK_ACTIONS)[number];

/** The fixed reasons the dashboard sends (spec section 7). */
export const ADMIN_SUSPEND_REASON = 'Admin action';
export const ADMIN_DELETE_REASON = 'Admin deletion';

export const ADMIN_CONFIRM = {
  suspend: 'Are you sure you want to suspend this user? They will not be able to access the platform.',
  deleteEvent: 'Are you sure you want to delete this event? This action cannot be undone.',
  deleteEntry: 'Are you sure you want to delete this message? This action cannot be undone.',
} as const;

export const ADMIN_TOASTS = {
  suspended: 'User suspended successfully',
  unsuspended: 'User unsuspended successfully',
  moderated: 'Photo moderated successfully',
  eventDeleted: 'Event deleted successfully',
  entryModerated: 'Message moderated successfully',
  entryDeleted: 'Message deleted successfully',
} as const;

/** Rows per page of an admin list, unless the request asks for fewer (at most ADMIN_PAGE_MAX). */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_MAX = 100;

/** A page of an admin list: the rows, and the cursor of the next page (null on the last). */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET /api/admin/stats */
export interface AdminStats {
  totalUsers: number;
  newUsersToday: number;
  activeEvents: number;
  totalEvents: number;
  photosToday: number;
  totalPhotos: number;
  /** in dollars: the payments that succeeded and were not refunded */
  revenue: number;
  /** photos flagged (by a host, an admin or the AI safety filter) and not yet rejected */
  flaggedPhotos: number;
}

/** GET /api/admin/users (one row) */
export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  plan: string;
  eventCount: number;
  photoCount: number;
  status: 'active' | 'suspended';
  joinedAt: string;
}

/** GET /api/admin/events (one row) */
export interface AdminEventRow {
  id: string;
  name: string;
  code: string;
  hostId: string;
  /** null when the host's account is gone */
  hostEmail: string | null;
  photoCount: number;
  /** guest devices that joined */
  guestCount: number;
  /** Find Me on (ADR 036), and how many faces it has indexed: counts, never the faces */
  findMe: boolean;
  faceCount: number;
  status: 'upcoming' | 'active' | 'ended';
  startsAt: string;
  endsAt: string;
  plan: string;
}

/** GET /api/admin/photos (one row) */
export interface AdminPhotoRow {
  id: string;
  eventId: string;
  /** what was captured (ADR 030) */
  kind: CaptureKind;
  /** null when the event is gone */
  eventName: string | null;
  eventCode: string | null;
  caption: string | null;
  /** short-lived signed URL; null until developed */
  thumbUrl: string | null;
  /** the guest's name; null shows 'Anonymous' */
  deviceName: string | null;
  status: 'pending' | 'approved' | 'rejected';
  flagCount: number;
  flagReason: string | null;
  /** hidden from guests and screens (reports or the AI safety filter) until decided */
  held: boolean;
  /** the AI safety filter's score in [0, 1]; null when the event's plan has no filter */
  safetyScore: number | null;
  createdAt: string;
}

/** GET /api/admin/guestbook (one row): a guest's message to the hosts (ADR 034), as its host sees it. */
export interface AdminGuestbookRow {
  id: string;
  eventId: string;
  /** null when the event is gone */
  eventName: string | null;
  eventCode: string | null;
  kind: GuestbookKind;
  /** the message (a written entry), else null */
  text: string | null;
  /** a voice message's recording: a short-lived signed URL (as a photo's thumbUrl), else null */
  audioUrl: string | null;
  /** how long the recording plays, else null */
  durationMs: number | null;
  /** the name the guest joined with, or null */
  deviceName: string | null;
  /** their name, or 'Guest' and the last 4 of their anonymous id */
  author: string;
  status: GuestbookStatus;
  /** distinct guest devices that reported it since it was last decided */
  reportCount: number;
  /** hidden from guests and screens by reports until decided */
  held: boolean;
  createdAt: string;
}

/** POST /api/admin/guestbook/{id}/moderate: where the entry stands now (`deleted`: gone). */
export interface AdminGuestbookModerated {
  id: string;
  eventId: string;
  /** null once deleted */
  status: GuestbookStatus | null;
  held: boolean;
  deleted: boolean;
}

/** What the audit log says was done. Host moderation is recorded too. */
export const AUDIT_ACTIONS = [
  'user.suspended',
  'user.unsuspended',
  'event.deleted',
  'photo.approved',
  'photo.rejected',
  'photo.flagged',
  'photo.pending',
  'guestbook.approved',
  'guestbook.rejected',
  'guestbook.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/admin/activity (one entry): who did what to which user, event, photo or message, when and why. */
export interface AuditEntryDto {
  id: string;
  at: string;
  actorId: string;
  /** null when the account is gone */
  actorEmail: string | null;
  /** `admin` for the back office, `host` for a host moderating their event */
  actorRole: 'admin' | 'host';
  action: AuditAction;
  targetId: string;
  /** how the target was known then: the account's e-mail, 'Name (CODE)' of an event, a photo's or a message's event */
  targetLabel: string | null;
  reason: string | null;
}

/** How the Recent Activity list words an entry. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.suspended': 'Suspended a user',
  'user.unsuspended': 'Unsuspended a user',
  'event.deleted': 'Deleted an event',
  'photo.approved': 'Approved a photo',
  'photo.rejected': 'Rejected a photo',
  'photo.flagged': 'Flagged a photo',
  'photo.pending': 'Returned a photo to review',
  'guestbook.approved': 'Approved a guestbook message',
  'guestbook.rejected': 'Rejected a guestbook message',
  'guestbook.deleted': 'Deleted a guestbook message',
};

/** GET /api/admin/export/{kind}: what can be downloaded as CSV. */
export const ADMIN_EXPORT_KINDS = ['users', 'events', 'photos', 'activity'] as const;
export type AdminExportKind = (typeof ADMIN_EXPORT_KINDS)[number];

/** GET /api/admin/settings: the effective configuration, secrets masked. */
export interface AdminSetting {
  key: string;
  /** the value in effect; a secret's value is never sent, only whether it is set */
  value: string | null;
  secret: boolean;
  /** set explicitly (environment), or the built-in default */
  source: 'environment' | 'default';
}
export interface AdminSettings {
  mode: string;
  settings: AdminSetting[];
}

/** The mask the settings answer shows in place of a secret that is set. */
export const SECRET_MASK = '••••••••';
