import { Hero } from '../landing/Hero';
import { HowItWorks } from '../landing/HowItWorks';
import { AddOns, Packages } from '../landing/Packages';

export { Footer } from '../landing/Footer';

/** The landing page (spec section 2): the first thing every visitor downloads, so it draws no images. */
export function Landing() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <Packages />
      <AddOns />
    </>
  );
}
