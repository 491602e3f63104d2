// How code outside MSG declares a message: an id (its catalog key) and its English ICU text. `formatjs extract`
// (npm run i18n:extract) finds every `defineMessages` call and writes the English catalog from them.
export interface MessageDescriptor {
  readonly id: string;
  /** English, in ICU MessageFormat. */
  readonly defaultMessage: string;
  /** For translators: where it shows and what its values are. */
  readonly description?: string;
}

export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}
