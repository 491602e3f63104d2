// How the web app loads a part of its catalog (webapp/i18n-catalogs.ts writes it): in the build a chunk's part
// (`assets/messages/<language>/<key>.js`), in development and Node tests the language's whole catalog. A message
// is its text when plain, else its parsed ICU form.
declare module 'virtual:web-catalogs' {
  export function loadCatalogPart(
    language: string,
    part: string,
  ): Promise<{ default: Record<string, string | unknown[]> }>;
}
