// Every language's catalog, for the server and the bot (the web app loads its one language lazily instead).
import ar from './catalogs/ar.json';
import de from './catalogs/de.json';
import en from './catalogs/en.json';
import es from './catalogs/es.json';
import fr from './catalogs/fr.json';
import ru from './catalogs/ru.json';
import uk from './catalogs/uk.json';
import type { Language } from './languages';
import { createTranslator, type Catalog } from './translate';

export const CATALOGS: Record<Language, Catalog> = { en, de, es, fr, ru, uk, ar };

/** The one translator of the server and the bot. */
export const translator = createTranslator(CATALOGS);
