// A translated sentence with elements inside it ('Welcome, <strong>{name}</strong>'): the catalog's sentence
// decides where each element goes, so a language may put the name first. Each element stands in the message as
// a marker value; the formatted text is split at the markers and the elements are put back in their place.
import { Fragment, type ReactNode } from 'react';
import { translate, type MessageDescriptor, type MessageValues } from '../../i18n';

const MARKER = /\uE000(\d+)\uE001/;

/**
 * `message` with `values`, where a value may be an element (React node) as well as text or a number. `wrapText`
 * puts the sentence's own words (not the values) in an element of their own, e.g. to hide them on narrow screens.
 */
export function richText(
  message: MessageDescriptor,
  values: Readonly<Record<string, ReactNode | string | number | Date>>,
  wrapText?: (text: string, key: number) => ReactNode,
): ReactNode {
  const nodes: ReactNode[] = [];
  const plain: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) plain[name] = value;
    else plain[name] = `\uE000${nodes.push(value) - 1}\uE001`;
  }
  const parts = translate(message, plain as MessageValues).split(MARKER);
  // split with a capture group: text, index, text, index, …, text.
  return parts.map((part, index) => {
    if (index % 2 === 1) return <Fragment key={index}>{nodes[Number(part)]}</Fragment>;
    return part && wrapText ? wrapText(part, index) : part;
  });
}
