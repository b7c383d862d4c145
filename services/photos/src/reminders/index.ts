export { Reminders } from './reminders';
export { remindersRouter } from './routes';
