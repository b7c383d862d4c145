import { SHARE_HASHTAGS } from '@afterglow/contracts';

/** Spec section 2: a microblog, two social networks and a messaging app, each with its share address. */
export interface ShareTarget {
  name: string;
  href: string;
}

export const hashtagLine = SHARE_HASHTAGS.map((t) => `#${t}`).join(' ');

/** Where each network takes a link to share (their documented share addresses), with the hashtags. */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const withTags = `${text} ${hashtagLine}`;
  return [
    {
      name: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}&hashtags=${encodeURIComponent(SHARE_HASHTAGS.join(','))}`,
    },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAGS[0]}`)}`,
    },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${withTags} ${url}`)}` },
  ];
}
