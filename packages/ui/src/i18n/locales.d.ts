// A catalogue imported through frontends/i18n-loader.cjs: compiled messages by id.
declare module '*.json?english' {
  const messages: Record<string, import('@lingui/core').Messages[string]>;
  export default messages;
}
