export { notifyModule, defaultFrom } from './module';
export { Mailbox, RecipientUnknown } from './app/mailbox';
export { Sender, MAX_ATTEMPTS } from './app/sender';
export { fileTransport, smtpTransport, SendError, type MailTransport } from './app/transport';
export { render } from './app/templates';
