import type { PhotoDto } from '@afterglow/contracts';
import type { useCarousel } from '../../hooks/useCarousel';
import { Dots } from './Dots';
import { SlideControls } from '../screen/SlideControls';
import { SlideView } from './SlideView';

/** The photo on screen with its controls, dots and counter: the same on both slideshows. */
export function SlideDeck({
  photos,
  carousel,
  onBroken,
}: {
  photos: PhotoDto[];
  carousel: ReturnType<typeof useCarousel>;
  onBroken: () => void;
}) {
  const current = photos[carousel.index];
  if (!current) return null;
  return (
    <>
      <div className="min-h-0 flex-1 px-4 pb-2 pt-20 sm:px-20">
        <SlideView
          photo={current}
          onBroken={onBroken}
          playing={carousel.playing}
          // a clip moves the slideshow on when it ends, not on the photos' timer
          onEnded={carousel.next}
          loop={photos.length < 2}
        />
      </div>
      <SlideControls
        onPrev={carousel.prev}
        onNext={carousel.next}
        playing={carousel.playing}
        onToggle={carousel.toggle}
        counter={`${carousel.index + 1} / ${photos.length}`}
      >
        <Dots count={photos.length} index={carousel.index} onSelect={carousel.setIndex} />
      </SlideControls>
    </>
  );
}
