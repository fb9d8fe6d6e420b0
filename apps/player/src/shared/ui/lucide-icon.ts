// lucide-react's icons drawn by a renderer of our own (issue 22, first load). lucide's
// createLucideIcon builds every icon through a general engine (sizes, colours, absolute stroke
// widths, a context provider) that was 1 kB of each first load, and the app passes an icon a
// class and aria-hidden only. The build points the icons' import of that engine here
// (vite.config.ts, lucideRenderer), so the icons and their paths stay lucide's own;
// lucide-icon.test.ts holds the markup to lucide's.
import { createElement, forwardRef, type SVGProps } from 'react';

/** An icon as lucide-react's icon modules describe it. */
export type IconData = {
  name: string;
  aliases?: string[];
  node: Array<[string, Record<string, string>]>;
};

/** lucide's rule: an icon given nothing to say to a screen reader is hidden from it. */
function speaks(props: Record<string, unknown>): boolean {
  return Object.keys(props).some(
    (prop) =>
      (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null,
  );
}

export default function createLucideIcon(icon: IconData) {
  const names = [icon.name, ...(icon.aliases ?? [])].map((name) => `lucide-${name}`);
  return forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(({ className, ...props }, ref) =>
    createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: ['lucide', ...names, ...(className?.split(' ').filter(Boolean) ?? [])].join(' '),
        ...(speaks(props) ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
    ),
  );
}
