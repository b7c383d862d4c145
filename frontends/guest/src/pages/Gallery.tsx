export function Gallery() {
  return <h1 className="p-6 text-2xl font-bold">Gallery</h1>;
}
