import { useState } from 'react';

/**
 * A recording's player at a signed address that polling renews (a guestbook's voice message on the
 * host's dashboard and in the back office): it keeps the address it started playing until the
 * recording ends, since a new `src` would stop it mid-sentence; one that no longer loads (expired)
 * takes the newest at once. Nothing is downloaded until play is pressed: a long list stays light.
 */
export function SignedAudio({ url, label, className }: { url: string; label: string; className?: string }) {
  const [kept, setKept] = useState<string | null>(null);
  const src = kept ?? url;
  return (
    <audio
      controls
      preload="none"
      src={src}
      aria-label={label}
      onPlay={() => setKept(src)}
      onEnded={() => setKept(null)}
      onError={() => setKept(null)}
      className={className}
    />
  );
}
