import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  HttpError,
  parseOr400,
  publicGalleryPath,
  shareEventPath,
  shareImagePath,
  sharePhotoPath,
  shareVideoPath,
} from '@afterglow/contracts';
import {
  toldGuestOrigin,
  requestLanguage,
  sendProblem,
  sendStoredObject,
  serverText,
  type OriginPolicy,
  type ServerText,
} from '@afterglow/service-kit';
import type { ObjectStore } from '@afterglow/storage';
import type { PublicGalleries, PublicPhotoFound } from '../app/public-gallery';
import { OPEN_SCRIPT, byLineText, renderSharePage, type SharePage } from '../app/share-page';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/**
 * The public gallery's API and the share links' pages (ADR 022). Anonymous: nobody's session or device
 * changes what these answer. Share pages are HTML for chat apps' scrapers; their picture is served here
 * too, at a stable address that asks the visibility module again on every request.
 */
export function publicRouter(galleries: PublicGalleries, store: ObjectStore, origins: OriginPolicy): Router {
  const r = Router();
  /** the origin people open (the gateway tells it; PUBLIC_URL or this machine's network address) */
  const origin = (req: Request) => toldGuestOrigin(req, origins);

  r.get('/api/public/events/:slug', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await galleries.gallery(String(req.params.slug)));
  });

  r.get('/api/public/events/:slug/photos', async (req: Request, res: Response) => {
    const page = parseOr400(pageQuery, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await galleries.photos(String(req.params.slug), page));
  });

  const sendPage = (res: Response, status: number, page: SharePage) => {
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Language', page.lang);
    // what a link shows follows the host's settings: scrapers and browsers ask again
    res.setHeader('Cache-Control', 'no-cache');
    res.send(renderSharePage(page));
  };
  /** A share link to nothing anyone may see: a 404 page about no event, in the asker's language. */
  const sendNotFound = (
    req: Request,
    res: Response,
    url: string,
    words: (t: ReturnType<typeof serverText>) => { title: string; description: string },
  ) => {
    const lang = requestLanguage(req);
    return sendPage(res, 404, { lang, ...words(serverText(lang)), url });
  };

  r.get('/share/event/:slug', async (req: Request, res: Response) => {
    const base = origin(req);
    const slug = String(req.params.slug);
    const url = `${base}${shareEventPath(slug)}`;
    const e = await galleries.find(slug);
    if (!e)
      return sendNotFound(req, res, url, (t) => ({
        title: t('share.galleryNotFound.title', 'Gallery Not Found'),
        description: t('share.galleryNotFound.detail', "This gallery doesn't exist or is not public."),
      }));
    const [gallery, cover] = await Promise.all([galleries.gallery(e.slug), galleries.cover(e)]);
    const t = serverText(e.language);
    sendPage(res, 200, {
      lang: e.language,
      title: e.name,
      description: gallery.revealed
        ? (e.shareDescription ??
          t(
            'share.event.description',
            '{count, plural, one {# photo} other {# photos}} from {name}, shared on Afterglow.',
            { count: gallery.photoCount, name: e.name },
          ))
        : t('share.event.notRevealed', 'Photos not yet revealed. Open the gallery to see when they will be.'),
      url,
      ...(cover ? { image: imageOf(t, base, cover) } : {}),
      open: { href: publicGalleryPath(e.slug), label: t('share.event.open', 'Open the gallery') },
    });
  });

  r.get('/share/photo/:id', async (req: Request, res: Response) => {
    const base = origin(req);
    const id = String(req.params.id);
    const url = `${base}${sharePhotoPath(id)}`;
    const found = await galleries.photo(id);
    if (!found?.display)
      return sendNotFound(req, res, url, (t) => ({
        title: t('share.photoNotFound.title', 'Photo Not Found'),
        description: t('share.photoNotFound.detail', "This photo doesn't exist or is not public."),
      }));
    const { event, photo } = found;
    const t = serverText(event.language);
    const by = byLineText(t, photo.device?.displayName, photo.device?.anonId);
    const video = found.video
      ? {
          url: `${base}${shareVideoPath(photo.photo.id)}`,
          width: found.video.width,
          height: found.video.height,
        }
      : null;
    sendPage(res, 200, {
      lang: event.language,
      title: video
        ? t('share.clip.title', 'A clip from {name}', { name: event.name })
        : t('share.photo.title', 'A photo from {name}', { name: event.name }),
      description: photo.photo.caption
        ? t('share.photo.captionBy', '“{caption}” {by}', { caption: photo.photo.caption, by })
        : by,
      url,
      image: imageOf(t, base, found),
      ...(video ? { video } : {}),
      open: {
        href: publicGalleryPath(event.slug, photo.photo.id),
        label: t('share.photo.open', 'See it in the gallery'),
      },
    });
  });

  // a host may hide it again (private gallery, rejected photo) at any time: revalidate every use
  r.get('/share/photo/:id/image.jpg', async (req: Request, res: Response) => {
    const found = await galleries.photo(String(req.params.id));
    if (!found?.display) return sendProblem(res, new HttpError(404, 'not_found', 'Image not found'));
    await sendStoredObject(req, res, store, found.display.key, 'no-cache');
  });

  r.get('/share/photo/:id/video.mp4', async (req: Request, res: Response) => {
    const found = await galleries.photo(String(req.params.id));
    if (!found?.video) return sendProblem(res, new HttpError(404, 'not_found', 'Clip not found'));
    await sendStoredObject(req, res, store, found.video.key, 'no-cache');
  });

  r.get('/share/open.js', (_req: Request, res: Response) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(OPEN_SCRIPT);
  });

  return r;
}

function imageOf(t: ServerText, base: string, found: PublicPhotoFound): NonNullable<SharePage['image']> {
  const { photo, event } = found;
  return {
    url: `${base}${shareImagePath(photo.photo.id)}`,
    width: found.display?.width,
    height: found.display?.height,
    alt:
      photo.photo.caption ?? t('share.photo.alt', 'A photo from {name} on Afterglow', { name: event.name }),
  };
}
