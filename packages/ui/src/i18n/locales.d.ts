// A catalogue imported through frontends/i18n-loader.mjs: compiled messages by id.
declare module '*.json?english' {
  import type { Messages } from './message';
  const messages: Messages;
  export default messages;
}
