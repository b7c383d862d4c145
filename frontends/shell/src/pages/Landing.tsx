import { Hero } from '../landing/Hero';
import { HowItWorks } from '../landing/HowItWorks';
import { AddOns, Packages } from '../landing/Packages';

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
