/**
 * The i18next instance itself. react-i18next's useTranslation answers a copy of the instance per
 * component (and per render attempt of a component that suspends) that refers to it as
 * `__original`: something done once per instance (merging a text bundle) must key on this.
 */
export function i18nInstance<T extends object>(i18n: T): T {
  return (i18n as { __original?: T }).__original ?? i18n;
}
