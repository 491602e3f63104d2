// Avatar: the member's Telegram photo or Google picture when there is one, their initials otherwise.
import { useState } from 'react';
import styles from './avatar.module.css';

export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word!)[0]!.toUpperCase()).join('') || '?';
}

export function Avatar({
  name,
  url,
  size = 32,
}: {
  name: string | null | undefined;
  url?: string | null;
  size?: number;
}) {
  // A picture that fails to load (revoked, offline) falls back to the initials.
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (url && !failed) {
    return (
      <img
        className={styles.avatar}
        src={url}
        alt=""
        width={size}
        height={size}
        style={box}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={styles.avatar} style={box} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** A few overlapping avatars (attendees on a card); the count beside them says how many there are. */
export function AvatarStack({
  people,
  max = 4,
  size = 28,
}: {
  people: readonly { id: number; name: string | null; avatarUrl?: string | null }[];
  max?: number;
  size?: number;
}) {
  if (people.length === 0) return null;
  return (
    <span className={styles.stack} aria-hidden="true">
      {people.slice(0, max).map((person) => (
        <Avatar key={person.id} name={person.name} url={person.avatarUrl} size={size} />
      ))}
    </span>
  );
}
