// Development only (webapp/i18n-catalogs.ts): each language's whole catalog. A message is its text when plain,
// else its parsed ICU form.
declare module 'virtual:web-catalogs' {
  export const catalogs: Record<string, () => Promise<{ default: Record<string, string | unknown[]> }>>;
}
