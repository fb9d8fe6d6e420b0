// §3 photoURL in the side navigation and header: the player's photo, or, when there is none or it
// fails to load, their initials on a colour of their own (the same on every device).
import { useState } from 'react';

/** A hue from the username, so each player keeps one colour; dark enough for white text (AA). */
export function avatarColour(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${hash % 360} 55% 30%)`;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]?.toLocaleUpperCase() ?? '').join('') || '?';
}

export function UserAvatar({
  name,
  username,
  photoURL,
  className = 'size-10',
}: {
  name: string;
  username: string;
  photoURL: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (photoURL && failed !== photoURL) {
    return (
      <img
        src={photoURL}
        alt=""
        data-testid="user-avatar"
        onError={() => setFailed(photoURL)}
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      style={{ backgroundColor: avatarColour(username) }}
      className={`${className} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
