export function LiveSlideshow() {
  return <h1 className="p-6 text-2xl font-bold">LiveSlideshow</h1>;
}
