export function Slideshow() {
  return <h1 className="p-6 text-2xl font-bold">Slideshow</h1>;
}
