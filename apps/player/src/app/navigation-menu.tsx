// The side navigation's menu tree: links, and collapse groups that open by themselves when the
// path is one of their children's and toggle on click (§4). Nested rows are indented 40 + 16 px
// per level, at most 80 (§9).
import { ChevronDown } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { Link, useLocation } from '../shared/router';
import { isActive, type NavigationCollapse, type NavigationItem } from './navigation';

type RowProps = {
  level: number;
  /** icons only, names kept for screen readers (the folded navbar) */
  compact: boolean;
  onChoose?: () => void;
};

const rowClass = (active: boolean) =>
  `flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium transition ${
    active ? 'bg-gold/15 text-gold' : 'text-ink-soft hover:bg-panel hover:text-ink'
  }`;

function indent(level: number, compact: boolean) {
  return level > 0 && !compact
    ? { paddingInlineStart: `${Math.min(40 + 16 * level, 80)}px` }
    : undefined;
}

function Collapse({ entry, level, compact, onChoose }: RowProps & { entry: NavigationCollapse }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const childActive = isActive(entry, pathname);
  const [open, setOpen] = useState(childActive);
  const listId = useId();
  // Arriving on a child's path opens the group; leaving it leaves the player's choice alone.
  useEffect(() => {
    if (childActive) setOpen(true);
  }, [childActive]);
  const Icon = entry.icon;

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={rowClass(childActive)}
        style={indent(level, compact)}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={compact ? 'sr-only' : 'flex-1 truncate text-start'}>{t(entry.title)}</span>
        {!compact && (
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
          />
        )}
      </button>
      {open && (
        <ul id={listId} className="mt-1 space-y-1">
          {entry.children.map((child) => (
            <MenuRow
              key={child.id}
              entry={child}
              level={level + 1}
              compact={compact}
              onChoose={onChoose}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function MenuRow({ entry, level, compact, onChoose }: RowProps & { entry: NavigationItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (entry.type === 'collapse') {
    return <Collapse entry={entry} level={level} compact={compact} onChoose={onChoose} />;
  }
  const active = isActive(entry, pathname);
  const Icon = entry.icon;
  return (
    <li>
      <Link
        to={entry.url}
        onClick={onChoose}
        aria-current={active ? 'page' : undefined}
        className={rowClass(active)}
        style={indent(level, compact)}
      >
        <Icon
          aria-hidden="true"
          className={`size-5 shrink-0 ${entry.mirrored ? 'rtl:-scale-x-100' : ''}`}
        />
        <span className={compact ? 'sr-only' : 'truncate'}>{t(entry.title)}</span>
      </Link>
    </li>
  );
}

export function NavigationMenu({
  items,
  compact = false,
  onChoose,
  extraRows,
  extraBefore,
}: {
  items: readonly NavigationItem[];
  compact?: boolean;
  onChoose?: () => void;
  /** further rows (the configured links), before the item `extraBefore` or else last */
  extraRows?: ReactNode;
  extraBefore?: string;
}) {
  const placed = extraBefore !== undefined && items.some((entry) => entry.id === extraBefore);
  return (
    <ul className="space-y-1">
      {items.map((entry) => (
        <Fragment key={entry.id}>
          {placed && entry.id === extraBefore && extraRows}
          <MenuRow entry={entry} level={0} compact={compact} onChoose={onChoose} />
        </Fragment>
      ))}
      {!placed && extraRows}
    </ul>
  );
}
