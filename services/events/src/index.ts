export { eventsModule } from './module';
export { EventsApp } from './app/events';
export { newEventCode, newSlug, normalizeCode } from './app/codes';
export { Retention, type RetentionPass } from './app/retention';
export { Reveals } from './app/reveals';
