// The catalog parts webapp/i18n-catalogs.ts builds: per language, each part of the app as a lazily loaded module.
// A message is its text when plain, else its parsed ICU form.
declare module 'virtual:web-catalogs' {
  export const catalogs: Record<string, Record<string, () => Promise<{ default: Record<string, string | unknown[]> }>>>;
}
