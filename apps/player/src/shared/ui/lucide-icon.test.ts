// The build draws lucide-react's icons with ./lucide-icon.ts (vite.config.ts): the same markup as
// lucide's own engine for what the app passes an icon, so the swap changes nothing on screen.
import { createLucideIcon as lucidesOwn } from 'lucide-react';
import * as earth from 'lucide-react/icons/earth';
import * as menu from 'lucide-react/icons/menu';
import * as x from 'lucide-react/icons/x';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { type IconData } from './lucide-icon';

/** An icon module's own description of its icon, which lucide does not declare in its types. */
const dataOf = (module: object) => (module as { __iconData: IconData }).__iconData;

function bothMarkups(icon: IconData, props: Record<string, unknown>): [string, string] {
  return [
    renderToStaticMarkup(createElement(createLucideIcon(icon), props)),
    renderToStaticMarkup(createElement(lucidesOwn(icon as never), props)),
  ];
}

describe('lucide-icon', () => {
  it.each([
    [
      'a class and aria-hidden, as the app passes',
      menu,
      { className: 'size-5', 'aria-hidden': 'true' },
    ],
    ['nothing: hidden from screen readers', x, {}],
    ['a name: read out', x, { 'aria-label': 'Close', className: 'size-4 rtl:-scale-x-100' }],
    ['an icon with another name (its alias classes)', earth, { className: 'size-5' }],
  ])('draws what lucide draws, given %s', (_case, module, props) => {
    const [ours, lucides] = bothMarkups(dataOf(module), props);
    expect(ours).toContain('<path');
    expect(ours).toBe(lucides);
  });
});
