import { escapeHtml, htmlLanguage, serverText, type Language, type ServerText } from '@afterglow/service-kit';

/**
 * Share links' pages (ADR 022): a small HTML page with Open Graph and Twitter card tags, so chat apps
 * unfurl the link, and a hand-over to the web app (a visible link, followed at once by `/share/open.js`;
 * scrapers run no script, so they stay on the tags). Every value is escaped where it is written.
 *
 * A link's preview is read by everyone it is sent to, whatever their phone speaks: the page is in the
 * event's language (the generic "not found" page, about no event, in the asker's).
 */

export const SITE_NAME = 'Afterglow';

export interface SharePage {
  /** the language its text is written in (the event's) */
  lang: Language;
  title: string;
  description: string;
  /** absolute URL of this share link */
  url: string;
  /** absolute URL of the picture, with its size when known */
  image?: { url: string; width?: number | null; height?: number | null; alt: string };
  /** absolute URL of a clip's MP4 (`og:video`), with its size when known */
  video?: { url: string; width?: number | null; height?: number | null };
  /** where a person goes on (same origin); none on the generic "not found" page */
  open?: { href: string; label: string };
}

const meta = (attr: 'property' | 'name', key: string, value: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(value))}">`;

/** The page for a share link; `page.open` absent: the generic page (nothing about any event). */
export function renderSharePage(page: SharePage): string {
  const tags = [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.video ? 'video.other' : 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  ];
  if (page.image) {
    tags.push(meta('property', 'og:image', page.image.url));
    if (page.image.width) tags.push(meta('property', 'og:image:width', page.image.width));
    if (page.image.height) tags.push(meta('property', 'og:image:height', page.image.height));
    tags.push(meta('property', 'og:image:alt', page.image.alt));
    tags.push(meta('name', 'twitter:image', page.image.url));
    tags.push(meta('name', 'twitter:image:alt', page.image.alt));
  }
  if (page.video) {
    tags.push(meta('property', 'og:video', page.video.url));
    if (page.video.url.startsWith('https:'))
      tags.push(meta('property', 'og:video:secure_url', page.video.url));
    tags.push(meta('property', 'og:video:type', 'video/mp4'));
    if (page.video.width) tags.push(meta('property', 'og:video:width', page.video.width));
    if (page.video.height) tags.push(meta('property', 'og:video:height', page.video.height));
  }
  if (!page.open) tags.push(meta('name', 'robots', 'noindex'));
  const open = page.open
    ? `<p><a id="open" href="${escapeHtml(page.open.href)}">${escapeHtml(page.open.label)}</a></p>
<script src="/share/open.js" defer></script>`
    : `<p><a href="/">${escapeHtml(serverText(page.lang)('share.goTo', 'Go to Afterglow'))}</a></p>`;
  return `<!doctype html>
<html ${htmlLanguage(page.lang)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="canonical" href="${escapeHtml(page.url)}">
${tags.join('\n')}
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#fdf6ec;color:#171717}
main{max-width:28rem;margin:1rem;padding:1.5rem;border-radius:1rem;background:#fff;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:.5rem 0;color:#404040}
a{display:inline-block;margin-top:.75rem;padding:.75rem 1.25rem;border-radius:.75rem;background:#9d174d;color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.description)}</p>
${open}
</main>
</body>
</html>
`;
}

/**
 * The line under a shared photo, as contracts' byLine says it ('By {display name}', or 'Guest' and the
 * last 4 of the anonymous id), in `t`'s language.
 */
export function byLineText(
  t: ServerText,
  displayName: string | null | undefined,
  anonId: string | null | undefined,
): string {
  const name = displayName?.trim();
  if (name) return t('share.photo.by', 'By {name}', { name });
  return anonId
    ? t('share.photo.guest', 'Guest {id}', { id: anonId.slice(-4) })
    : t('share.photo.guestAnonymous', 'Guest');
}

/** `/share/open.js`: follows the page's link at once (people); scrapers never run it. */
export const OPEN_SCRIPT = `(function(){var a=document.getElementById('open');if(a)location.replace(a.href);})();\n`;
