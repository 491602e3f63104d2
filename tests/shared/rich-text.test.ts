// A translated sentence with an element inside it: the element goes where the sentence puts it, in any order,
// and the sentence's own words can be wrapped (the header hides them on mid-width screens).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richText } from '../../webapp/src/components/rich-text/rich-text';

const html = (node: ReturnType<typeof richText>) => renderToStaticMarkup(createElement('p', null, node));
const strong = (text: string) => createElement('strong', null, text);

describe('richText', () => {
  it('When the name is an element, then it sits inside the sentence where the message places it', () => {
    const welcome = { id: 'test.welcome', defaultMessage: 'Welcome, {name}' };
    expect(html(richText(welcome, { name: strong('Ada') }))).toBe('<p>Welcome, <strong>Ada</strong></p>');
    const first = { id: 'test.first', defaultMessage: '{name} named you, {count} times' };
    expect(html(richText(first, { name: strong('Ada'), count: 2 }))).toBe(
      '<p><strong>Ada</strong> named you, 2 times</p>',
    );
  });

  it('When the same element comes twice, then both places show it', () => {
    const twice = { id: 'test.twice', defaultMessage: '{a} and {b}, then {a}' };
    expect(html(richText(twice, { a: strong('A'), b: 'B' }))).toBe(
      '<p><strong>A</strong> and B, then <strong>A</strong></p>',
    );
  });

  it('When the words are wrapped, then only the words are, not the values', () => {
    const welcome = { id: 'test.welcome', defaultMessage: 'Welcome, {name}' };
    const wrap = (text: string, key: number) => createElement('span', { key, className: 'word' }, text);
    expect(html(richText(welcome, { name: strong('Ada') }, wrap))).toBe(
      '<p><span class="word">Welcome, </span><strong>Ada</strong></p>',
    );
  });
});
