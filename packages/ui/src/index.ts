export * from './api';
export * from './toast';
export * from './button';
export * from './feedback';
export * from './theme';
export * from './auth';
export * from './i18n';
export { LanguageMenu } from './LanguageMenu';
export { useT as useUiText } from './text';
